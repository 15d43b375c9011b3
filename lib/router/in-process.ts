import { methodNotAllowed, noSuchEndpoint } from '@/lib/api/no-route';
import { apiTableOf, handlersOf, matchApiPath, type RouteModule } from './api-table';

/** Answers an API request in this process: the Response its route handler makes, as Next would serve it. */
export type ApiDispatch = (request: Request) => Promise<Response>;

/**
 * The API of `modules` (app/v1/route-index.ts) without a socket: a request is routed by its path alone (the origin of
 * its URL is never looked at, let alone connected to) and handed to its handler, whose Response, a long poll's
 * included, is the answer. Unrouted paths and methods answer as the router does: 404, or 405 with `Allow`.
 */
export function inProcessApi(modules: RouteModule[]): ApiDispatch {
  const table = apiTableOf(modules.flatMap(handlersOf));
  return async (request) => {
    const match = matchApiPath(table, request.method, new URL(request.url).pathname);
    if (match.kind === 'found') return match.handler.handler(request, { params: Promise.resolve(match.params) });
    if (match.kind === 'method-not-allowed') return methodNotAllowed(request, match.allow);
    return noSuchEndpoint(request);
  };
}
