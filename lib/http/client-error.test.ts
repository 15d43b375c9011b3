import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope } from '@/test/expect';
import { answerClientErrors } from './client-error';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Writes `raw` on a fresh connection and reads everything until the server closes it. */
function exchange(raw: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('headers over 16 KB are 431 in the error envelope, and the connection closes', async () => {
    const res = await exchange(`GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toContain('content-type: application/json');
    expect(res.headers).toContain('connection: close');
    expect(JSON.parse(res.body)).toEqual(envelope('REQUEST_HEADERS_TOO_LARGE'));
  });

  it('a malformed request line is 400 VALIDATION_ERROR with issues', async () => {
    const res = await exchange('GET /v1/health HTTP/1.1 extra\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: 'Malformed HTTP request', issues: [expect.any(Object)] },
    });
  });
});
