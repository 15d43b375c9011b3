import type { Server, Socket } from 'node:net';
import { addressBucket } from '@/lib/config/client-address';

export type ConnectionLimit = {
  /** Open connections one TCP peer address (an IPv6 peer's /64) may hold at once. */
  maxPerAddress: number;
  /** Peers the bound does not apply to: trusted proxies carry many clients on their connections. */
  exempt?: (address: string) => boolean;
};

/**
 * Bounds the open connections of each TCP peer address, against slowloris (many connections, each trickling
 * bytes so that it never ends). A connection past the bound is destroyed before a byte of it is read: refusing
 * costs nothing, and the peer's open connections (a long poll included) are left alone. The count is the TCP peer,
 * never a forwarded header: that is the address holding the socket. IPv6 peers count by their /64 (addressBucket).
 */
export function limitConnectionsPerAddress(server: Server, { maxPerAddress, exempt }: ConnectionLimit): void {
  const open = new Map<string, number>();
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt?.(address)) return;
    const bucket = addressBucket(address);
    const count = (open.get(bucket) ?? 0) + 1;
    if (count > maxPerAddress) return void socket.destroy();
    open.set(bucket, count);
    socket.once('close', () => {
      const left = (open.get(bucket) ?? 1) - 1;
      if (left > 0) open.set(bucket, left);
      else open.delete(bucket);
    });
  });
}
