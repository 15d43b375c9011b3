import { E2E_METRICS_TOKEN } from '../../playwright.config';
import { parsePrometheusText } from '../../test/prometheus';
import { expect, test } from '../fixtures';

// /metrics of the production server (`npm start`): on the main port only with METRICS_TOKEN, and on METRICS_PORT
// (playwright.config.ts sets both), in the Prometheus text format, counting what the API router served.
test('the production server exposes its metrics with the token, and on their own port', async ({
  request,
  baseURL,
}) => {
  for (let i = 0; i < 3; i++) expect((await request.get('/v1/health')).status()).toBe(200);
  expect((await request.get('/v1/nope')).status()).toBe(404);

  const refused = await request.get('/metrics');
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toBe('Bearer');
  expect((await refused.json()).error.code).toBe('UNAUTHORIZED');
  expect(
    (await request.get('/metrics', { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status(),
  ).toBe(401);

  const scraped = await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(scraped.status()).toBe(200);
  expect(scraped.headers()['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const metrics = parsePrometheusText(await scraped.text());
  const health = { operation: 'getHealth', method: 'GET', status_class: '2xx' };
  expect(metrics.value('legwork_api_requests_total', health)).toBeGreaterThanOrEqual(3);
  expect(metrics.histogram('legwork_api_request_duration_seconds', health)?.count).toBeGreaterThanOrEqual(3);
  expect(metrics.value('legwork_api_requests_total', { operation: 'unmatched', status_class: '4xx' })).toBeGreaterThan(
    0,
  );
  expect(metrics.sample('nodejs_eventloop_lag_seconds')).toBeDefined();
  expect(metrics.sample('legwork_long_poll_waiters')).toBeDefined();

  const ownPort = new URL(baseURL ?? '');
  ownPort.port = String(Number(ownPort.port) + 1000);
  const own = await fetch(new URL('/metrics', ownPort));
  expect(own.status).toBe(200);
  const again = parsePrometheusText(await own.text());
  expect(again.value('legwork_api_requests_total', health)).toBeGreaterThanOrEqual(3);
  expect((await fetch(new URL('/v1/health', ownPort))).status).toBe(404);
});
