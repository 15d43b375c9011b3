import { validate } from '@/lib/api/steps/parse-input';
import { ApiError } from '@/lib/errors/api-error';
import { proofBodySchema } from '@/lib/schemas/task-actions';
import { submitProof } from '@/lib/services/tasks/submit-proof';
import { browserRoute } from '@/lib/web/browser-route';
import { browserActorOf } from '@/lib/web/require-browser-actor';

// The proof form's submit by fetch, for the offline proof queue (components/offline/): a server action carries no
// Idempotency-Key, and the queue's retry after a lost answer must not submit twice. The same service and body as
// POST /v1/tasks/{id}/submit.
export const dynamic = 'force-dynamic';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// POST /dashboard/tasks/{id}/proof — submit the signed-in worker's proof (session cookie, Idempotency-Key)
export const POST = browserRoute(
  async ({ request, user, database, params }) => {
    const taskId = params.id ?? '';
    if (!UUID.test(taskId)) throw new ApiError('NOT_FOUND', { message: 'Task not found' });
    const body: unknown = await request.json().catch(() => undefined);
    const proof = validate(proofBodySchema, body);
    const { task } = await submitProof(database.db, { user: browserActorOf(user), taskId, proof });
    // The task page is dynamic and reloads itself for the rest (verdict, timeline): the queue needs the outcome.
    return { data: { id: task.id, status: task.status } };
  },
  { idempotent: true },
);
