import { randomFillSync } from 'node:crypto';
import { clientOfChain, forwardedEntries, PEER_ADDRESS_HEADER, peerHeaderTrusted } from '@/lib/config/client-address';
import { env } from '../env';

export type RequestContext = {
  requestId: string;
  ip: string;
  method: string;
  pathname: string;
  startedAt: number;
};

const INBOUND_REQUEST_ID = /^[A-Za-z0-9_.:-]{8,128}$/;

export function createRequestContext(request: Request): RequestContext {
  const inbound = request.headers.get('x-request-id');
  return {
    requestId: inbound && INBOUND_REQUEST_ID.test(inbound) ? inbound : `req_${requestIdBytes().toString('base64url')}`,
    ip: clientIp(request.headers),
    method: request.method,
    pathname: new URL(request.url).pathname,
    startedAt: performance.now(),
  };
}

// A pool filled 512 ids at a time: one randomBytes() call per request cost ~4 µs (docs/performance.md).
const ID_BYTES = 12;
const idPool = Buffer.alloc(ID_BYTES * 512);
let idOffset = idPool.length;

function requestIdBytes(): Buffer {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  idOffset += ID_BYTES;
  return idPool.subarray(idOffset - ID_BYTES, idOffset);
}

// DESIGN §4 "Client address": X-Forwarded-For only through TRUSTED_PROXIES, walked from the right. Without
// server.ts (`next dev`) the peer is unknown and counts as `0.0.0.0`: one bucket for every client.
export function clientIp(headers: Headers): string {
  const { TRUSTED_PROXIES, VERCEL } = env();
  if (VERCEL) return clientOfChain(forwardedEntries(headers.get('x-vercel-forwarded-for')), TRUSTED_PROXIES);
  const peer = (peerHeaderTrusted() && headers.get(PEER_ADDRESS_HEADER)) || '0.0.0.0';
  return clientOfChain([...forwardedEntries(headers.get('x-forwarded-for')), peer], TRUSTED_PROXIES);
}

// For requests made in this process (MCP's calls into the API): `ip` is what this process resolved, never a
// caller's header, so any address header already there is dropped first.
export function setClientAddress(headers: Headers, ip: string): void {
  for (const name of ['x-forwarded-for', 'x-vercel-forwarded-for', PEER_ADDRESS_HEADER]) headers.delete(name);
  if (ip === '0.0.0.0') return;
  if (env().VERCEL) return void headers.set('x-vercel-forwarded-for', ip);
  // Where server.ts wrote the peer header, `[ip, ip]` reads as `ip` whatever TRUSTED_PROXIES says. Where it did not,
  // the peer is `0.0.0.0`, and `ip` came from X-Forwarded-For through a trusted 0.0.0.0: `[ip, 0.0.0.0]` again.
  headers.set(PEER_ADDRESS_HEADER, ip);
  headers.set('x-forwarded-for', ip);
}
