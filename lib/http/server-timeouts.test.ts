import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_AWAIT_SECONDS } from '@/lib/schemas/messages';
import { SERVER_TIMEOUTS } from './server-timeouts';

describe('SERVER_TIMEOUTS', () => {
  it('leave the longest long poll room, and cut slow headers well before it', () => {
    expect(SERVER_TIMEOUTS.requestTimeout).toBeGreaterThan(MAX_AWAIT_SECONDS * 1000);
    expect(SERVER_TIMEOUTS.headersTimeout).toBeLessThan(MAX_AWAIT_SECONDS * 1000);
    expect(SERVER_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(SERVER_TIMEOUTS.requestTimeout);
  });

  it('are what a server created with them uses, not Node’s defaults', () => {
    const server = http.createServer(SERVER_TIMEOUTS);
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(180_000);
    expect(server.keepAliveTimeout).toBe(10_000);
    const defaults = http.createServer();
    expect([defaults.headersTimeout, defaults.requestTimeout, defaults.keepAliveTimeout]).not.toEqual([
      20_000, 180_000, 10_000,
    ]);
  });
});
