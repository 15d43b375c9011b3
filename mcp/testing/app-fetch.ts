import { GET as getUpload } from '@/app/uploads/[id]/route';
import { routeModules } from '@/app/v1/route-index';
import { PEER_ADDRESS_HEADER } from '@/lib/config/client-address';
import { inProcessApi } from '@/lib/router/in-process';

// For the MCP unit tests: a `fetch` that hands each request to the real route handler of its path, in process,
// as the HTTP transport does (lib/router/in-process.ts): a real Request in, the real Response out.

const dispatch = inProcessApi(routeModules, getUpload);

/** `ip` is sent as the peer address (PEER_ADDRESS_HEADER), so the per-IP limits of one test never touch another's. */
export function appFetch(ip: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set(PEER_ADDRESS_HEADER, ip);
    return dispatch(request);
  };
}
