import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect } from 'vitest';
import { LegworkApiError } from './index';

// A local HTTP server for the client's tests: answers each request with the next scripted answer and
// records what it received. Real sockets, so retries, headers and dropped connections are the real thing.

export type ScriptedAnswer =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string> }
  /** Closes the connection without answering (a network failure for the client). */
  | 'drop';

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string; at: number };

export async function standIn(answers: ScriptedAnswer[]) {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body,
      at: Date.now(),
    });
    const answer = answers.shift() ?? { status: 500, text: 'the stand-in ran out of answers' };
    if (answer === 'drop') {
      request.socket.destroy();
      return;
    }
    const payload = answer.json === undefined ? (answer.text ?? '') : JSON.stringify(answer.json);
    response.writeHead(answer.status, {
      'content-type': answer.json === undefined ? 'text/html' : 'application/json',
      ...answer.headers,
    });
    response.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The API's error envelope, as lib/errors/api-error.ts writes it. */
export const envelope = (code: string, message: string, hint: string, details?: Record<string, unknown>) => ({
  error: { code, message, hint, ...(details ? { details } : {}) },
});

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A stand-in for the current test, closed after it. */
export async function serve(answers: ScriptedAnswer[]) {
  const server = await standIn(answers);
  close = server.close;
  return server;
}

/** The LegworkApiError a call rejects with (fails the test if it resolves or throws something else). */
export async function failure(promise: Promise<unknown>): Promise<LegworkApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LegworkApiError);
  return error as LegworkApiError;
}
