import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export type SeenRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> };
export type CannedReply = { status: number; body: object; delayMs?: number };

export type ProviderStandIn = {
  /** Every request since the test began. */
  requests: SeenRequest[];
  /** Answers for the next requests, in order; an empty queue answers 200 with the success body. */
  replies: CannedReply[];
  /** Requests served since the file began (numbers the success bodies). */
  served: number;
  /** `http://127.0.0.1:<port>`, set once the file's tests start. */
  url: string;
};

/**
 * A local stand-in for a provider's JSON API (Resend, Telnyx) on 127.0.0.1 and a random port, for one test file:
 * it records every request and answers each from `replies`, else 200 with `success(served)`. What the tests
 * assert is what the SDK SENDS; nothing reaches the network. Registers its own hooks.
 */
export function providerStandIn(success: (served: number) => object): ProviderStandIn {
  const standIn: ProviderStandIn = { requests: [], replies: [], served: 0, url: '' };
  let server: Server;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        standIn.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        standIn.served += 1;
        const reply = standIn.replies.shift() ?? { status: 200, body: success(standIn.served) };
        const send = () => {
          res.writeHead(reply.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(reply.body));
        };
        if (!reply.delayMs) return send();
        const timer = setTimeout(send, reply.delayMs);
        res.on('close', () => clearTimeout(timer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });

  beforeEach(() => {
    standIn.requests.length = 0;
    standIn.replies.length = 0;
  });

  return standIn;
}
