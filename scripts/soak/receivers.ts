import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Local webhook receivers, one server with a path per behaviour: `steady` answers 200 at once, `slow` after
// 2–3 s, `flaky` fails the first attempt of every event (503) and takes the next: a receiver that fails and
// recovers. Every request is noted (webhook-id, which endpoint, what it answered, a digest of the body).

export type Receipt = { at: number; path: string; answered: number; digest: string };
export type Receivers = {
  names: string[];
  url(name: string, index: number): string;
  receipts: Map<string, Receipt[]>;
  close(): Promise<void>;
};

export async function startReceivers(): Promise<Receivers> {
  const receipts = new Map<string, Receipt[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? 'missing');
      const seen = receipts.get(id) ?? [];
      const behaviour = (request.url ?? '').split('/')[1] ?? 'steady';
      const answered = behaviour === 'flaky' && seen.length === 0 ? 503 : 200;
      const digest = createHash('sha256').update(Buffer.concat(chunks)).digest('hex').slice(0, 16);
      seen.push({ at: Date.now(), path: request.url ?? '', answered, digest });
      receipts.set(id, seen);
      const answer = () => response.writeHead(answered, { 'content-type': 'text/plain' }).end('ok');
      if (behaviour === 'slow') setTimeout(answer, 2_000 + Math.random() * 1_000);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    names: ['steady', 'slow', 'flaky'],
    url: (name, index) => `http://127.0.0.1:${port}/${name}/${index}`,
    receipts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
