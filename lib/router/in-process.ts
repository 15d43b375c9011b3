import { methodNotAllowed, noSuchEndpoint } from '@/lib/api/no-route';
import { apiTableOf, handlersOf, matchApiPath, type RouteModule } from './api-table';

/** Answers an API request in this process: the Response its route handler makes, as Next would serve it. */
export type ApiDispatch = (request: Request) => Promise<Response>;

/** `GET /uploads/{id}` (app/uploads/[id]/route.ts): outside /v1, but the files a task's proof points to. */
export type UploadRoute = (request: Request, context: { params: Promise<{ id: string }> }) => Promise<Response>;

const UPLOAD_PATH = /^\/uploads\/([^/]+)$/;

/**
 * The API of `modules` (app/v1/route-index.ts) without a socket: a request is routed by its path alone (the origin of
 * its URL is never looked at, let alone connected to) and handed to its handler, whose Response, a long poll's
 * included, is the answer. Unrouted paths and methods answer as the router does: 404, or 405 with `Allow`. With
 * `uploads`, a GET of `/uploads/{id}` goes to it, so a tool can read a proof photo with the caller's credential.
 */
export function inProcessApi(modules: RouteModule[], uploads?: UploadRoute): ApiDispatch {
  const table = apiTableOf(modules.flatMap(handlersOf));
  return async (request) => {
    const { pathname } = new URL(request.url);
    const upload = request.method === 'GET' ? UPLOAD_PATH.exec(pathname)?.[1] : undefined;
    // An id is a UUID, which needs no escapes: the raw segment is what the upload route is given.
    if (uploads && upload) return uploads(request, { params: Promise.resolve({ id: upload }) });
    const match = matchApiPath(table, request.method, pathname);
    if (match.kind === 'found') return match.handler.handler(request, { params: Promise.resolve(match.params) });
    if (match.kind === 'method-not-allowed') return methodNotAllowed(request, match.allow);
    return noSuchEndpoint(request);
  };
}
