import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { env, resetEnvCache } from '@/lib/env';
import { limitConnectionsPerAddress } from './connection-limit';

// Real sockets against a real HTTP server on 127.0.0.1: every connection comes from the same peer address.

let server: http.Server | undefined;
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function listen(limit: Parameters<typeof limitConnectionsPerAddress>[1]): Promise<number> {
  server = http.createServer((_req, res) => res.end('ok'));
  limitConnectionsPerAddress(server, limit);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Opens a connection and sends a GET with keep-alive; resolves with the answer, or `closed` if the server hung up. */
function request(port: number): Promise<{ socket: net.Socket; outcome: Promise<'answered' | 'closed'> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const outcome = new Promise<'answered' | 'closed'>((settle) => {
        socket.once('data', () => settle('answered'));
        socket.once('close', () => settle('closed'));
        socket.once('error', () => settle('closed'));
      });
      socket.write('GET / HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n');
      resolve({ socket, outcome });
    });
    socket.once('error', reject);
    sockets.push(socket);
  });
}

/** A connection that sends half a request line and then nothing: a slowloris socket. */
function trickle(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET / HTTP/1.1\r\nHost: te');
      resolve(socket);
    });
    socket.once('error', reject);
    sockets.push(socket);
  });
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('limitConnectionsPerAddress', () => {
  it('refuses the connection past the bound at once, keeps the open ones, and admits again once one closes', async () => {
    const port = await listen({ maxPerAddress: 3 });
    const held = await Promise.all([trickle(port), trickle(port), trickle(port)]);

    const refused = await request(port);
    expect(await refused.outcome).toBe('closed');

    // The three held connections are untouched: one of them can still finish its request.
    held[0]?.write('st\r\n\r\n');
    const answer = await new Promise<string>((resolve) => held[0]?.once('data', (chunk) => resolve(String(chunk))));
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);

    held[1]?.destroy();
    await closed(held[1] as net.Socket);
    // The server sees the close asynchronously: wait until a new connection gets in.
    let admitted: 'answered' | 'closed' = 'closed';
    for (let attempt = 0; attempt < 50 && admitted === 'closed'; attempt++) {
      admitted = await (await request(port)).outcome;
    }
    expect(admitted).toBe('answered');
  });

  it('applies no bound to an exempt peer (a trusted proxy)', async () => {
    const port = await listen({ maxPerAddress: 2, exempt: (address) => address.endsWith('127.0.0.1') });
    await Promise.all([trickle(port), trickle(port), trickle(port), trickle(port)]);
    expect(await (await request(port)).outcome).toBe('answered');
  });

  it('counts per address: a refused peer does not affect the count once its connections are gone', async () => {
    const port = await listen({ maxPerAddress: 1 });
    const first = await request(port);
    expect(await first.outcome).toBe('answered');
    expect(await (await request(port)).outcome).toBe('closed');
    first.socket.destroy();
    await closed(first.socket);
    let admitted: 'answered' | 'closed' = 'closed';
    for (let attempt = 0; attempt < 50 && admitted === 'closed'; attempt++) {
      admitted = await (await request(port)).outcome;
    }
    expect(admitted).toBe('answered');
  });
});

describe('limitConnectionsPerAddress with IPv6 peers', () => {
  // The loopback has one address, so the server side of each real connection is given the peer address a client
  // elsewhere would have, in the order the connections arrive (they are opened one after another).
  async function listenAs(limit: Parameters<typeof limitConnectionsPerAddress>[1], peers: string[]) {
    const port = await listen(limit);
    const queue = [...peers];
    server?.prependListener('connection', (socket: net.Socket) => {
      Object.defineProperty(socket, 'remoteAddress', { value: queue.shift() });
    });
    return port;
  }

  it('counts a /64 as one peer, and an IPv4-mapped address as its IPv4', async () => {
    const port = await listenAs({ maxPerAddress: 2 }, [
      '2001:db8:1:2::a',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2::c',
      '2001:db8:1:3::a',
      '192.0.2.7',
      '::ffff:192.0.2.7',
      '::ffff:c000:207',
    ]);
    await trickle(port);
    await trickle(port);
    // A third address of the same /64 is the same peer, past its 2.
    expect(await (await request(port)).outcome).toBe('closed');
    // The next /64 is another peer.
    expect(await (await request(port)).outcome).toBe('answered');
    await trickle(port);
    await trickle(port);
    expect(await (await request(port)).outcome).toBe('closed');
  });
});

describe('MAX_CONNECTIONS_PER_IP', () => {
  const saved = process.env.MAX_CONNECTIONS_PER_IP;
  afterEach(() => {
    if (saved === undefined) delete process.env.MAX_CONNECTIONS_PER_IP;
    else process.env.MAX_CONNECTIONS_PER_IP = saved;
    resetEnvCache();
  });
  const read = (value: string | undefined) => {
    if (value === undefined) delete process.env.MAX_CONNECTIONS_PER_IP;
    else process.env.MAX_CONNECTIONS_PER_IP = value;
    resetEnvCache();
    return env().MAX_CONNECTIONS_PER_IP;
  };

  it('is 256 by default and takes a whole number from 1 up', () => {
    expect(read(undefined)).toBe(256);
    expect(read('1')).toBe(1);
    expect(read('5000')).toBe(5000);
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => read('0')).toThrow(/MAX_CONNECTIONS_PER_IP: must be at least 1/);
    expect(() => read('lots')).toThrow(/MAX_CONNECTIONS_PER_IP: must be a number/);
    expect(() => read('2.5')).toThrow(/MAX_CONNECTIONS_PER_IP: must be a whole number/);
  });
});
