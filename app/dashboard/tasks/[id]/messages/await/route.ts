import { ApiError, validationError } from '@/lib/errors/api-error';
import { awaitMessagesQuery } from '@/lib/schemas/messages';
import { awaitMessages } from '@/lib/services/messages/await-messages';
import { browserRoute } from '@/lib/web/browser-route';

// The browser's long poll of a task thread. /v1 routes take a bearer token only, so the pages' thread component
// asks here with its session cookie: the same service as GET /v1/tasks/{id}/messages/await, the same answers.
export const dynamic = 'force-dynamic';
export const maxDuration = 70;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// GET /dashboard/tasks/{id}/messages/await — the thread component's long poll (session cookie)
export const GET = browserRoute(async ({ request, user, database, params }) => {
  const id = params.id ?? '';
  if (!UUID.test(id)) throw new ApiError('NOT_FOUND', { message: 'Task not found' });
  const parsed = awaitMessagesQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
    );
  }
  return {
    data: await awaitMessages(database, { ...parsed.data, userId: user.id, taskId: id, signal: request.signal }),
  };
});
