import type { Database, Db } from '@/db/client';
import type { Task } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import { ApiError } from '@/lib/errors/api-error';
import type { SimulateBody } from '@/lib/schemas/sandbox';
import { isOpen } from '@/lib/services/messages/is-open';
import { postMessage } from '@/lib/services/messages/post-message';
import { threadNotOpen } from '@/lib/services/messages/thread-not-open';
import { acceptTask } from '@/lib/services/tasks/accept-task';
import { invalidTransition } from '@/lib/services/tasks/invalid-transition';
import { readTaskAccess } from '@/lib/services/tasks/read-task-access';
import { submitProof } from '@/lib/services/tasks/submit-proof';
import { taskNotFound } from '@/lib/services/tasks/task-not-found';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';
import { withdrawFromTask } from '@/lib/services/tasks/withdraw-from-task';
import { canTake } from '@/lib/tasks/task-transitions';
import { sandboxProof } from './sandbox-proof';
import { ensureSandboxWorker } from './sandbox-worker';

export const CANNED_REPLY =
  'Hi, this is the Legwork sandbox worker. I’m on it and will send proof shortly. (Test mode: no real person.)';

export type SimulateWorkerOptions = { caller: ActorUser; taskId: string; input: SimulateBody };

// Through the same services as a real worker, so events, webhooks, the ledger and long polls behave as with a
// person.
export async function simulateWorker(database: Database, { caller, taskId, input }: SimulateWorkerOptions) {
  const { db } = database;
  const task = await ownTestTask(db, { callerId: caller.id, taskId });
  const worker = await ensureSandboxWorker(db);
  switch (input.action) {
    case 'accept':
      return answer((await acceptTask(db, { user: worker, taskId, livemode: false, sandboxWorker: true })).task);
    case 'withdraw':
      assertHeldBySandbox(task, worker, 'withdraw');
      return answer((await withdrawFromTask(db, worker, taskId)).task);
    case 'submit': {
      assertHeldBySandbox(task, worker, 'submit');
      const proof = await sandboxProof(db, worker.id, task);
      return answer((await submitProof(db, { user: worker, taskId, proof })).task);
    }
    case 'message': {
      if (!isOpen(task)) throw threadNotOpen();
      assertSandboxIsWorker(task, worker);
      const message = await postMessage(database, { userId: worker.id, taskId, body: input.body ?? CANNED_REPLY });
      return {
        task: toTaskResource(await ownTestTask(db, { callerId: caller.id, taskId }), { side: 'requester' }),
        message,
      };
    }
  }
}

type OwnTestTaskOptions = { callerId: string; taskId: string };

async function ownTestTask(db: Db, { callerId, taskId }: OwnTestTaskOptions): Promise<Task> {
  const { task, side } = await readTaskAccess(db, { taskId, userId: callerId, livemode: 'any' });
  if (side !== 'requester' || task.livemode) throw taskNotFound();
  return task;
}

const answer = (task: Task) => ({ task: toTaskResource(task, { side: 'requester' }) });

function assertHeldBySandbox(task: Task, worker: ActorUser, action: 'withdraw' | 'submit') {
  if (!canTake(action, task)) throw invalidTransition(action, task.status);
  assertSandboxIsWorker(task, worker);
}

function assertSandboxIsWorker(task: Task, worker: ActorUser) {
  if (task.workerId === worker.id) return;
  throw new ApiError('CONFLICT', {
    message: 'Another worker holds this task, not the sandbox worker',
    hint: 'The sandbox worker acts only on tasks it accepted (action `accept` on a posted task).',
    details: { status: task.status },
  });
}
