import { describe, expect, it } from 'vitest';
import { LEADING_WHITESPACE, toAnswer, toResponse } from './respond';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('toResponse: a deferred answer', () => {
  it('streams the leading whitespace, then the body once it settles', async () => {
    let settle: (value: Uint8Array) => void = () => {};
    const later = new Promise<Uint8Array>((resolve) => {
      settle = resolve;
    });
    const response = toResponse({ status: 200, body: undefined, later }, { 'X-Request-Id': 'req_1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-request-id')).toBe('req_1');
    // The router writes the same answer without a Response: the headers now, then `later`'s bytes.
    const answer = toAnswer({ status: 200, body: undefined, later }, { 'X-Request-Id': 'req_1' });
    expect(answer).toEqual({ status: 200, headers: Object.fromEntries(response.headers), body: undefined, later });

    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    expect((await reader.read()).value).toEqual(LEADING_WHITESPACE);
    const rest = reader.read();
    settle(bytes('{"data":[]}'));
    expect(new TextDecoder().decode((await rest).value)).toBe('{"data":[]}');
    expect((await reader.read()).done).toBe(true);
  });

  it('a complete answer is its JSON text, the outcome headers over the defaults, names in lower case', async () => {
    const outcome = { status: 201, body: { data: { id: 'x' } }, headers: { 'Cache-Control': 'private' } };
    const answer = toAnswer(outcome, { 'X-Request-Id': 'req_2' });
    expect(answer).toEqual({
      status: 201,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'private',
        'x-request-id': 'req_2',
      },
      body: '{"data":{"id":"x"}}',
    });
    const response = toResponse(outcome, { 'X-Request-Id': 'req_2' });
    expect(Object.fromEntries(response.headers)).toEqual(answer.headers);
    expect(await response.json()).toEqual({ data: { id: 'x' } });
  });

  it('a reader that cancels while waiting leaves nothing to enqueue when the body settles', async () => {
    let settle: (value: Uint8Array) => void = () => {};
    const later = new Promise<Uint8Array>((resolve) => {
      settle = resolve;
    });
    const reader = toResponse({ status: 200, body: undefined, later }, {}).body?.getReader();
    await reader?.read();
    const pending = reader?.read();
    await reader?.cancel();
    settle(bytes('[]'));
    expect((await pending)?.done).toBe(true);
  });
});
