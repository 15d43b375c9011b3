import { type Database, getDatabase } from '@/db/client';
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

export function browserRoute(handler: Handler) {
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
      const { status = 200, data } = await handler({ request, user: current.user, database, params });
      return Response.json({ data }, { status, headers: { 'Cache-Control': 'no-store', ...limits } });
    } catch (error) {
      if (error instanceof ApiError) {
        return Response.json(error.toBody(), { status: error.status, headers: error.headers });
      }
      throw error;
    }
  };
}

function fromThisSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  return origin === new URL(request.url).origin || origin === new URL(env().SITE_URL).origin;
}
