import { getDatabase } from '@/db/client';
import type { Task } from '@/db/schema';
import { insertTask } from './agents';
import { insertApiKey, insertUser } from './factories';
import { signUpViaApi } from './sessions';
import { insertWorkerProfile } from './workers';

// Task fixtures: the two sides of a task with their credentials, and a task between them in a chosen state.

/** An operator (session), its agent (API key), and a listed worker (session). */
export async function taskParties() {
  const { db } = await getDatabase();
  const operator = await signUpViaApi('operator');
  const agent = await insertUser(db, { type: 'agent', ownerId: operator.userId, email: null, name: 'Scout' });
  const { key: agentKey } = await insertApiKey(db, { userId: agent.id, mode: 'test' });
  const worker = await signUpViaApi('worker');
  await insertWorkerProfile(worker.userId, { isListed: true });
  return {
    operator: { id: operator.userId, token: operator.token },
    agent: { id: agent.id, token: agentKey },
    worker: { id: worker.userId, token: worker.token },
  };
}

export type TaskParties = Awaited<ReturnType<typeof taskParties>>;

/**
 * A task requested by the agent, in `status`; from `accepted` on it is assigned to the worker. Inserted
 * directly (no money moves): for tests of what hangs off a task (messages, reviews), not of its lifecycle.
 */
export async function taskBetween(
  parties: TaskParties,
  status: Task['status'] = 'accepted',
  overrides: Partial<Pick<Task, 'title' | 'instructions' | 'livemode'>> = {},
) {
  const assigned = !['draft', 'posted', 'cancelled', 'expired'].includes(status);
  return insertTask(parties.agent.id, {
    status,
    livemode: false,
    ...(assigned ? { workerId: parties.worker.id, acceptedAt: new Date() } : {}),
    ...overrides,
  });
}
