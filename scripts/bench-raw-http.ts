// A minimal HTTP/1.1 client for benchmarks that hold thousands of requests open at once: one socket a request,
// a request written as raw bytes and its answer read with a small parser (status line, Content-Length or chunked
// body). Node's http client spends tens of microseconds of the benchmark's own CPU on each answer (parser,
// IncomingMessage, stream events); on a 2-core machine shared with the server, 5,000 answers arriving together
// would measure the client as much as the server (autocannon reads raw sockets for the same reason).
import net from 'node:net';

export type RawAnswer = { status: number; body: string; at: number };

export type RawRequest = {
  /** Resolves when the whole answer has arrived (`at`: performance.now() of its last bytes). */
  answer: Promise<RawAnswer>;
  close(): void;
};

/** Connects, sends `method path` with `headers`, and reads one answer; the socket stays open until `close()`. */
export async function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<RawRequest> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const head = Object.entries({ host: `127.0.0.1:${port}`, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let received: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      const parsed = parseAnswer(received);
      if (parsed) resolve({ ...parsed, at: performance.now() });
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('connection closed before the answer was complete')));
  });
  answer.catch(() => undefined);
  socket.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n`);
  return { answer, close: () => socket.destroy() };
}

/** The status and body of a complete answer in `bytes`, or undefined while more is to come. */
export function parseAnswer(bytes: Buffer): { status: number; body: string } | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(head[0]?.split(' ')[1]);
  const header = (name: string) =>
    head
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  let offset = headEnd + 4;
  const length = header('content-length');
  if (length !== undefined) {
    const end = offset + Number(length);
    return bytes.length >= end ? { status, body: bytes.subarray(offset, end).toString('utf8') } : undefined;
  }
  if (header('transfer-encoding')?.toLowerCase() !== 'chunked') throw new Error(`unframed answer (${status})`);
  const parts: Buffer[] = [];
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', offset);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString('latin1'), 16);
    const dataEnd = lineEnd + 2 + size;
    if (bytes.length < dataEnd + 2) return undefined;
    if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8') };
    parts.push(bytes.subarray(lineEnd + 2, dataEnd));
    offset = dataEnd + 2;
  }
}
