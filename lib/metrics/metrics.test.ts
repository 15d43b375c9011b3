import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { flushUsageLog, recordUsage } from '@/lib/api/usage-log';
import { emitEvent } from '@/lib/events/emit-event';
import { takeWaitSlot } from '@/lib/realtime/wait-slots';
import { createWebhookEndpoint } from '@/lib/services/webhooks/create-webhook-endpoint';
import { dispatchOnce } from '@/lib/webhooks/dispatcher';
import { insertApiKey, insertUser } from '@/test/factories';
import { metricsServerForFile } from '@/test/metrics-server';
import { scrape } from '@/test/prometheus';
import { type Receiver, startReceiver, withPrivateUrls } from '@/test/webhooks';
import { observeApiRequest } from './registry';

const target = metricsServerForFile();

describe('the metrics server', () => {
  it('answers GET /metrics in the Prometheus text format, and 404 to anything else', async () => {
    const response = await fetch(target.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const withQuery = await fetch(`${target.url}?name[]=up`);
    expect(withQuery.status).toBe(200);
    const root = target.url.replace(/\/metrics$/, '');
    for (const path of ['/', '/metrics/x', '/metricsx', '/v1/health'])
      expect((await fetch(root + path)).status).toBe(404);
    expect((await fetch(target.url, { method: 'POST' })).status).toBe(404);
  });

  it('includes the default process metrics, event-loop lag among them', async () => {
    const metrics = await scrape(target.url);
    expect(metrics.families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(metrics.families.get('process_resident_memory_bytes')?.type).toBe('gauge');
  });
});

describe('observeApiRequest', () => {
  it('counts each request under its operation, method and status class, with its duration', async () => {
    const operation = `op${randomUUID().slice(0, 8)}`;
    for (const seconds of [0.002, 0.002, 0.002]) observeApiRequest({ operation, method: 'GET', status: 200, seconds });
    observeApiRequest({ operation, method: 'GET', status: 201, seconds: 0.04 });
    observeApiRequest({ operation, method: 'GET', status: 404, seconds: 0.3 });
    observeApiRequest({ operation, method: 'BREW', status: 405, seconds: 0.001 });
    observeApiRequest({ operation, method: 'POST', status: 0, seconds: 0.5 });

    const metrics = await scrape(target.url);
    const ok = { operation, method: 'GET', status_class: '2xx' };
    expect(metrics.families.get('legwork_api_requests_total')?.type).toBe('counter');
    expect(metrics.value('legwork_api_requests_total', ok)).toBe(4);
    expect(metrics.value('legwork_api_requests_total', { ...ok, status_class: '4xx' })).toBe(1);
    expect(metrics.value('legwork_api_requests_total', { operation, method: 'OTHER', status_class: '4xx' })).toBe(1);
    expect(metrics.sample('legwork_api_requests_total', { operation, method: 'BREW' })).toBeUndefined();
    expect(metrics.value('legwork_api_requests_total', { operation, method: 'POST', status_class: 'other' })).toBe(1);

    const histogram = metrics.histogram('legwork_api_request_duration_seconds', ok);
    expect(metrics.families.get('legwork_api_request_duration_seconds')?.type).toBe('histogram');
    expect(histogram?.count).toBe(4);
    expect(Number(histogram?.sum)).toBeCloseTo(0.046, 6);
    expect(histogram?.buckets).toMatchObject({ '0.001': 0, '0.0025': 3, '0.025': 3, '0.05': 4, '+Inf': 4 });
    const missing = metrics.histogram('legwork_api_request_duration_seconds', { ...ok, status_class: '4xx' });
    expect(missing?.buckets).toMatchObject({ '0.25': 0, '0.5': 1, '60': 1, '+Inf': 1 });
  });
});

describe('the gauges read at scrape time', () => {
  it('count the long polls parked on wait slots', async () => {
    const before = (await scrape(target.url)).value('legwork_long_poll_waiters');
    const releaseA = takeWaitSlot(`metrics-${randomUUID()}`);
    const releaseB = takeWaitSlot(`metrics-${randomUUID()}`);
    expect((await scrape(target.url)).value('legwork_long_poll_waiters')).toBe(before + 2);
    releaseA();
    releaseA();
    expect((await scrape(target.url)).value('legwork_long_poll_waiters')).toBe(before + 1);
    releaseB();
    expect((await scrape(target.url)).value('legwork_long_poll_waiters')).toBe(before);
  });

  it('show the usage rows recorded but not flushed, and the age of the oldest', async () => {
    await flushUsageLog();
    const empty = await scrape(target.url);
    expect(empty.value('legwork_usage_log_pending_rows')).toBe(0);
    expect(empty.value('legwork_usage_log_oldest_pending_seconds')).toBe(0);

    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { row } = await insertApiKey(db, { userId: user.id });
    const entry = { apiKeyId: row.id, userId: user.id, method: 'GET', route: '/v1/tasks', status: 200, latencyMs: 3 };
    recordUsage(getDatabase, { ...entry, ip: '203.0.113.9', at: new Date(Date.now() - 5000) });
    recordUsage(getDatabase, { ...entry, ip: '203.0.113.9', at: new Date() });
    const pending = await scrape(target.url);
    expect(pending.value('legwork_usage_log_pending_rows')).toBe(2);
    expect(pending.value('legwork_usage_log_oldest_pending_seconds')).toBeGreaterThanOrEqual(5);
    expect(pending.value('legwork_usage_log_oldest_pending_seconds')).toBeLessThan(30);

    await flushUsageLog();
    expect((await scrape(target.url)).value('legwork_usage_log_pending_rows')).toBe(0);
  });

  it('report the database pool where there is one (pg), and nothing for PGlite', async () => {
    const metrics = await scrape(target.url);
    const database = await getDatabase();
    if (database.driver === 'pglite') {
      expect(metrics.families.has('legwork_db_pool_connections')).toBe(true);
      expect(metrics.sample('legwork_db_pool_connections')).toBeUndefined();
      return;
    }
    // test/setup.ts opens the pool with 20 connections; the scrape itself holds none once done.
    expect(metrics.value('legwork_db_pool_max_connections')).toBe(20);
    const total = metrics.value('legwork_db_pool_connections');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(20);
    expect(metrics.value('legwork_db_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(metrics.sample('legwork_db_pool_waiting_queries')?.value).toBe(0);
  });
});

describe('webhook delivery outcomes', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('count each delivery the dispatcher sends by how it turned out', async () => {
    const database = await getDatabase();
    const owner = await insertUser(database.db);
    const endpoint = await withPrivateUrls(() =>
      createWebhookEndpoint(database.db, { ownerId: owner.id, livemode: false, input: { url: receiver.url } }),
    );
    const deliverOne = async () => {
      await emitEvent(database.db, { type: 'task.posted', audience: [owner.id], data: {}, livemode: false });
      await dispatchOnce(database, { allowPrivate: true, endpointIds: [endpoint.id] });
    };
    const outcomes = async () => {
      const metrics = await scrape(target.url);
      return {
        success: metrics.value('legwork_webhook_deliveries_total', { result: 'success' }),
        retry: metrics.value('legwork_webhook_deliveries_total', { result: 'retry' }),
      };
    };

    const before = await outcomes();
    await deliverOne();
    expect(await outcomes()).toEqual({ success: before.success + 1, retry: before.retry });

    receiver.answerWith(() => ({ status: 500 }));
    await deliverOne();
    expect(await outcomes()).toEqual({ success: before.success + 1, retry: before.retry + 1 });
    expect(receiver.received).toHaveLength(2);
    expect((await scrape(target.url)).families.get('legwork_webhook_deliveries_total')?.type).toBe('counter');
  });
});
