import { describe, expect, it } from 'vitest';
import { createLegworkClient, LegworkApiError } from './index';
import { envelope, failure, type ScriptedAnswer, serve } from './test-stand-in';

// The client against a real local HTTP server: credentials, Idempotency-Key, retries and error parsing.

const ok = (data: unknown, status = 200): ScriptedAnswer => ({ status, json: { data } });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const task = { title: 'Photograph the shelf', budgetCents: 2_000 };

describe('credentials', () => {
  it('sends the key as a bearer, switches with setApiKey, and resolves to the whole 2xx body', async () => {
    const server = await serve([ok({ id: 'op1' }), ok({ id: 'op2' }), ok({ id: 'op3' })]);
    const client = createLegworkClient({ baseUrl: server.baseUrl, apiKey: 'lgw_test_one', userAgent: 'agent/2' });

    expect(await client.GET('/v1/operators/me')).toEqual({ data: { id: 'op1' } });
    client.setApiKey('lgw_test_two');
    expect(client.apiKey).toBe('lgw_test_two');
    await client.GET('/v1/operators/me');
    client.setApiKey(undefined);
    await client.GET('/v1/operators/me');

    expect(server.received.map((request) => request.headers.authorization)).toEqual([
      'Bearer lgw_test_one',
      'Bearer lgw_test_two',
      undefined,
    ]);
    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/v1/operators/me' });
    expect(server.received[0]?.headers['user-agent']).toBe('agent/2');
  });
});

describe('Idempotency-Key', () => {
  it('a POST carries a fresh key, the same one on each of its retries, with the same body', async () => {
    const server = await serve([
      { status: 503, json: envelope('SERVICE_UNAVAILABLE', 'Service unavailable', 'Retry later.') },
      'drop',
      ok({ id: 't1' }, 201),
      ok({ id: 't2' }, 201),
    ]);
    const client = createLegworkClient({ baseUrl: server.baseUrl, apiKey: 'k' });

    expect(await client.POST('/v1/tasks', { body: task })).toEqual({ data: { id: 't1' } });
    await client.POST('/v1/tasks', { body: task });

    const keys = server.received.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(UUID);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).toMatch(UUID);
    expect(keys[3]).not.toBe(keys[0]);
    expect(server.received.map((request) => JSON.parse(request.body))).toEqual([task, task, task, task]);
  });

  it('uses the caller’s key when given, and sends none on a GET', async () => {
    const server = await serve([ok({ id: 't1' }, 201), ok([])]);
    const client = createLegworkClient({ baseUrl: server.baseUrl, apiKey: 'k' });

    await client.POST('/v1/tasks', { body: task, idempotencyKey: 'order-42' });
    await client.GET('/v1/tasks', { params: { query: { limit: 5 } } });

    expect(server.received[0]?.headers['idempotency-key']).toBe('order-42');
    expect(server.received[1]?.headers['idempotency-key']).toBeUndefined();
    expect(server.received[1]?.path).toBe('/v1/tasks?limit=5');
  });

  it('retries a 409 IDEMPOTENCY_KEY_IN_USE (the first attempt still running) with the same key', async () => {
    const inUse = envelope('IDEMPOTENCY_KEY_IN_USE', 'Still being processed', 'Wait, then retry.');
    const server = await serve([{ status: 409, json: inUse }, ok({ id: 't1' }, 201)]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });

    expect(await client.POST('/v1/tasks', { body: task, idempotencyKey: 'k1' })).toEqual({ data: { id: 't1' } });
    expect(server.received.map((request) => request.headers['idempotency-key'])).toEqual(['k1', 'k1']);
  });
});

describe('retries', () => {
  const tooMany = (details: Record<string, unknown>) =>
    envelope('RATE_LIMIT_EXCEEDED', 'Too many requests', 'Wait for Retry-After.', details);

  it('429: waits the Retry-After seconds, then retries', async () => {
    const server = await serve([
      { status: 429, json: tooMany({ retryAfter: 1 }), headers: { 'Retry-After': '1' } },
      ok({ status: 'ok' }),
    ]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });

    expect(await client.GET('/v1/operators/me')).toEqual({ data: { status: 'ok' } });
    const [first, second] = server.received;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('429 without the header: waits `details.retryAfter` from the envelope', async () => {
    const server = await serve([{ status: 429, json: tooMany({ retryAfter: 1 }) }, ok({ status: 'ok' })]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });

    await client.GET('/v1/operators/me');
    const [first, second] = server.received;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
  });

  it('5xx: backs off, then gives up after maxRetries with the last envelope, hint and request id', async () => {
    const internal = {
      status: 500,
      json: envelope('INTERNAL_ERROR', 'Internal server error', 'Retry later with exponential backoff.'),
      headers: { 'X-Request-Id': 'req_abc' },
    };
    const server = await serve([internal, internal, internal, ok({})]);
    const client = createLegworkClient({ baseUrl: server.baseUrl, maxRetries: 2 });

    const error = await failure(client.GET('/v1/operators/me'));

    expect(error).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
      hint: 'Retry later with exponential backoff.',
      requestId: 'req_abc',
    });
    expect(server.received).toHaveLength(3);
    const gaps = server.received.slice(1).map((request, index) => request.at - (server.received[index]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(100);
    expect(gaps[1]).toBeGreaterThanOrEqual(225);
  });

  it('a network failure is retried; when every attempt fails the error is NETWORK_ERROR', async () => {
    const server = await serve(['drop', ok({ id: 'op1' }), 'drop', 'drop']);
    const client = createLegworkClient({ baseUrl: server.baseUrl, maxRetries: 1 });

    expect(await client.GET('/v1/operators/me')).toEqual({ data: { id: 'op1' } });
    const error = await failure(client.GET('/v1/operators/me'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.message).toContain(server.baseUrl);
    expect(server.received).toHaveLength(4);
  });

  it('a client error is final: one request, the envelope’s code, hint and issues', async () => {
    const server = await serve([
      {
        status: 400,
        json: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid request body',
            hint: 'Fix the fields listed in `issues`.',
            issues: [{ path: ['budgetCents'], message: 'Must be at least 500 cents' }],
          },
        },
      },
    ]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });

    const error = await failure(client.POST('/v1/tasks', { body: { ...task, budgetCents: 1 } }));

    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      hint: 'Fix the fields listed in `issues`.',
      issues: [{ path: ['budgetCents'], message: 'Must be at least 500 cents' }],
    });
    expect(server.received).toHaveLength(1);
  });

  it('an abort stops a wait at once and rejects with the abort, not an API error', async () => {
    const server = await serve([{ status: 429, json: tooMany({ retryAfter: 30 }), headers: { 'Retry-After': '30' } }]);
    const client = createLegworkClient({ baseUrl: server.baseUrl });
    const started = Date.now();

    const error = await client.GET('/v1/operators/me', { signal: AbortSignal.timeout(200) }).catch((caught) => caught);

    expect(error).not.toBeInstanceOf(LegworkApiError);
    expect((error as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.received).toHaveLength(1);
  });
});

describe('error bodies that are not the envelope', () => {
  it('still throw LegworkApiError, with the code the status means, or UNEXPECTED_RESPONSE', async () => {
    const server = await serve([
      { status: 404, text: '<html>Not Found</html>' },
      { status: 502, text: 'Bad Gateway' },
      { status: 418, text: '' },
    ]);
    const client = createLegworkClient({ baseUrl: server.baseUrl, maxRetries: 0 });

    expect(await failure(client.GET('/v1/health'))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'HTTP 404 Not Found: <html>Not Found</html>',
      details: '<html>Not Found</html>',
    });
    expect(await failure(client.GET('/v1/health'))).toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE' });
    expect(await failure(client.GET('/v1/health'))).toMatchObject({ status: 418, code: 'UNEXPECTED_RESPONSE' });
  });
});
