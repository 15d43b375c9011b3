import { type Database, getDatabase } from '@/db/client';
import type { Outcome } from '@/lib/api/outcome';
import { IDEMPOTENCY_HEADER, withIdempotency } from '@/lib/api/steps/idempotency';
import { digestForm, readForm } from '@/lib/api/steps/parse-input';
import { enforceUserRateLimit, rateLimitHeaders } from '@/lib/api/steps/rate-limit';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { getBrowserUser } from './next-auth';

// The pages' own route handlers (/dashboard/…): the browser calls them with its session cookie, since /v1 takes
// bearer tokens only. They answer like the API: `{data}` or the error envelope, counted in the user's rate-limit
// bucket (the one their session token's API calls use). A POST must come from this site (Origin), as a server
// action must: the cookie alone would let another site's form post here.

type BrowserUser = NonNullable<Awaited<ReturnType<typeof getBrowserUser>>>;
type Handler = (input: {
  request: Request;
  user: BrowserUser['user'];
  database: Database;
  params: Record<string, string>;
}) => Promise<{ status?: number; data: unknown }>;

/**
 * `idempotent`: a POST with `Idempotency-Key` is answered once and replayed after, as the API does
 * (lib/api/steps/idempotency.ts, scoped to the user): the offline proof queue retries its uploads and its submit.
 */
export function browserRoute(handler: Handler, { idempotent = false }: { idempotent?: boolean } = {}) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      if (request.method !== 'GET' && !fromThisSite(request)) {
        throw new ApiError('FORBIDDEN', { hint: 'Call this from the site’s own pages; other origins may not.' });
      }
      const current = await getBrowserUser();
      if (!current) throw new ApiError('UNAUTHORIZED');
      const database = await getDatabase();
      const limits = rateLimitHeaders(await enforceUserRateLimit(database, current.user.id));
      const params = await context.params;
      const execute = async (): Promise<Outcome> => {
        try {
          const { status = 200, data } = await handler({ request, user: current.user, database, params });
          return { status, body: { data } };
        } catch (error) {
          if (error instanceof ApiError) return { status: error.status, body: error.toBody(), headers: error.headers };
          throw error;
        }
      };
      const scope = {
        principal: `user:${current.user.id}`,
        method: request.method,
        pathname: new URL(request.url).pathname,
      };
      const outcome =
        idempotent && request.method === 'POST' && request.headers.has(IDEMPOTENCY_HEADER)
          ? await withIdempotency(database, request, scope, await digestOf(request.clone()), execute)
          : await execute();
      return Response.json(outcome.body, {
        status: outcome.status,
        headers: { 'Cache-Control': 'no-store', ...limits, ...outcome.headers },
      });
    } catch (error) {
      if (error instanceof ApiError) {
        return Response.json(error.toBody(), { status: error.status, headers: error.headers });
      }
      throw error;
    }
  };
}

/** What a retry must repeat: a form's parts by name and digest (a retry may use another boundary), else the text. */
async function digestOf(request: Request): Promise<string> {
  if (/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) {
    return digestForm(await readForm(request));
  }
  return request.text();
}

function fromThisSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  return origin === new URL(request.url).origin || origin === new URL(env().SITE_URL).origin;
}
