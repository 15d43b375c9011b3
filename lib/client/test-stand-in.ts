import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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

/** The API's error envelope, as lib/api/errors.ts writes it. */
export const envelope = (code: string, message: string, hint: string, details?: Record<string, unknown>) => ({
  error: { code, message, hint, ...(details ? { details } : {}) },
});
