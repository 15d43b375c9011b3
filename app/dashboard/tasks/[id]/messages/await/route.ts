import { getDatabase } from '@/db/client';
import { ApiError, validationError } from '@/lib/api/errors';
import { enforceUserRateLimit, rateLimitHeaders } from '@/lib/api/steps/rate-limit';
import { getBrowserUser } from '@/lib/auth/next-auth';
import { awaitMessagesQuery } from '@/lib/schemas/messages';
import { awaitMessages } from '@/lib/services/messages/await-messages';

// The browser's long poll of a task thread. /v1 routes take a bearer token only, so the pages' thread component
// asks here with its session cookie: the same service as GET /v1/tasks/{id}/messages/await, the same answers.
export const dynamic = 'force-dynamic';
export const maxDuration = 70;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const current = await getBrowserUser();
  if (!current) return Response.json(new ApiError('UNAUTHORIZED').toBody(), { status: 401 });
  const { id } = await params;
  try {
    const database = await getDatabase();
    // Counted like the user's API calls with a session token: the same bucket and limit.
    const limits = rateLimitHeaders(await enforceUserRateLimit(database, current.user.id));
    if (!UUID.test(id)) throw new ApiError('NOT_FOUND', { message: 'Task not found' });
    const url = new URL(request.url);
    const parsed = awaitMessagesQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) {
      throw validationError(
        parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
      );
    }
    const query = parsed.data;
    const data = await awaitMessages(database, current.user.id, id, { ...query, signal: request.signal });
    return Response.json({ data }, { headers: { 'Cache-Control': 'no-store', ...limits } });
  } catch (error) {
    if (error instanceof ApiError) {
      return Response.json(error.toBody(), { status: error.status, headers: error.headers });
    }
    throw error;
  }
}
