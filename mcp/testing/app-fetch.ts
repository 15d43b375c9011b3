import * as claim from '@/app/v1/agents/claim/[claimToken]/route';
import * as register from '@/app/v1/agents/register/route';
import * as feedback from '@/app/v1/feedback/route';
import * as coverage from '@/app/v1/geo/coverage/route';
import * as usageLogs from '@/app/v1/operators/me/usage/logs/route';
import * as sandbox from '@/app/v1/sandbox/tasks/[id]/simulate/route';
import * as bookService from '@/app/v1/services/[id]/book/route';
import * as services from '@/app/v1/services/route';
import * as approve from '@/app/v1/tasks/[id]/approve/route';
import * as cancel from '@/app/v1/tasks/[id]/cancel/route';
import * as awaitMessages from '@/app/v1/tasks/[id]/messages/await/route';
import * as messages from '@/app/v1/tasks/[id]/messages/route';
import * as requestRevision from '@/app/v1/tasks/[id]/request-revision/route';
import * as task from '@/app/v1/tasks/[id]/route';
import * as propose from '@/app/v1/tasks/propose/route';
import * as tasks from '@/app/v1/tasks/route';
import * as worker from '@/app/v1/workers/[id]/route';
import * as workers from '@/app/v1/workers/route';

// For the MCP unit tests: a `fetch` that hands each request to the real route handler of its path, in process,
// as Next.js would (a real Request in, the real Response out). The paths the tools call, literal ones first.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;

const ROUTES: [string, Record<string, unknown>][] = [
  ['/v1/tasks/propose', propose],
  ['/v1/agents/register', register],
  ['/v1/tasks', tasks],
  ['/v1/workers', workers],
  ['/v1/feedback', feedback],
  ['/v1/operators/me/usage/logs', usageLogs],
  ['/v1/services', services],
  ['/v1/geo/coverage', coverage],
  ['/v1/agents/claim/{claimToken}', claim],
  ['/v1/tasks/{id}', task],
  ['/v1/workers/{id}', worker],
  ['/v1/tasks/{id}/messages', messages],
  ['/v1/tasks/{id}/messages/await', awaitMessages],
  ['/v1/tasks/{id}/cancel', cancel],
  ['/v1/tasks/{id}/approve', approve],
  ['/v1/tasks/{id}/request-revision', requestRevision],
  ['/v1/sandbox/tasks/{id}/simulate', sandbox],
  ['/v1/services/{id}/book', bookService],
];

function match(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of want.entries()) {
    const value = got[index] ?? '';
    if (segment.startsWith('{')) params[segment.slice(1, -1)] = decodeURIComponent(value);
    else if (segment !== value) return undefined;
  }
  return params;
}

/** `ip` is sent as the peer address (PEER_ADDRESS_HEADER), so the per-IP limits of one test never touch another's. */
export function appFetch(ip: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set('x-legwork-peer-address', ip);
    const { pathname } = new URL(request.url);
    for (const [pattern, module] of ROUTES) {
      const params = match(pattern, pathname);
      const handler = module[request.method] as Handler | undefined;
      if (params && handler) return handler(request, { params: Promise.resolve(params) });
    }
    throw new Error(`appFetch has no route for ${request.method} ${pathname}`);
  };
}
