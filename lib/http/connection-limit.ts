import type { Server, Socket } from 'node:net';

export type ConnectionLimit = {
  /** Open connections one TCP peer address may hold at once. */
  maxPerAddress: number;
  /** Peers the bound does not apply to: trusted proxies carry many clients on their connections. */
  exempt?: (address: string) => boolean;
};

/**
 * Bounds the open connections of each TCP peer address, against slowloris (many connections, each trickling
 * bytes so that it never ends). A connection past the bound is destroyed before a byte of it is read: refusing
 * costs nothing, and the peer's open connections (a long poll included) are left alone. The count is the TCP peer,
 * never a forwarded header: that is the address holding the socket.
 */
export function limitConnectionsPerAddress(server: Server, { maxPerAddress, exempt }: ConnectionLimit): void {
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt?.(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
