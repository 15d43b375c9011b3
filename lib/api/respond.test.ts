import { describe, expect, it } from 'vitest';
import { deferredBody, LEADING_WHITESPACE, toResponse } from './respond';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('toResponse: a deferred answer', () => {
  it('streams the leading whitespace, then the body once it settles; the router reads the same bytes directly', async () => {
    let settle: (value: Uint8Array) => void = () => {};
    const later = new Promise<Uint8Array>((resolve) => {
      settle = resolve;
    });
    const response = toResponse({ status: 200, body: undefined, later }, { 'X-Request-Id': 'req_1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(deferredBody(response)).toBe(later);

    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    expect((await reader.read()).value).toEqual(LEADING_WHITESPACE);
    const rest = reader.read();
    settle(bytes('{"data":[]}'));
    expect(new TextDecoder().decode((await rest).value)).toBe('{"data":[]}');
    expect((await reader.read()).done).toBe(true);
  });

  it('a complete answer has no deferred body', async () => {
    const response = toResponse({ status: 201, body: { data: { id: 'x' } } }, {});
    expect(deferredBody(response)).toBeUndefined();
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
