import { randomBytes } from 'node:crypto';

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
    requestId: inbound && INBOUND_REQUEST_ID.test(inbound) ? inbound : `req_${randomBytes(12).toString('base64url')}`,
    ip: clientIp(request.headers),
    method: request.method,
    pathname: new URL(request.url).pathname,
    startedAt: performance.now(),
  };
}

/**
 * The client address as the nearest proxy reports it. Deploy behind a proxy that sets
 * X-Forwarded-For (Vercel, a load balancer, or `next start` itself, which fills it from the socket).
 */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  const candidate = forwarded || headers.get('x-real-ip')?.trim() || '';
  const normalized = candidate.startsWith('::ffff:') ? candidate.slice(7) : candidate;
  return /^[0-9A-Fa-f:.]{2,45}$/.test(normalized) ? normalized : '0.0.0.0';
}
