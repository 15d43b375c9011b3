import { SCOPES } from '@/lib/auth/scopes';
import { getDatabase } from '@/db/client';
import type { Task } from '@/db/schema';
import { insertTask } from './agents';
import { insertApiKey, insertUser } from './factories';
import { signUpViaApi } from './sessions';
import { addCard } from './payments';
import { insertWorkerProfile, onboardPayouts } from './workers';

// Task fixtures: the two sides of a task with their credentials, and a task between them in a chosen state.

/** An operator (session), its agent (API key), and a listed worker (session). */
export async function taskParties() {
  const { db } = await getDatabase();
  const operator = await signUpViaApi('operator');
  const agent = await insertUser(db, { type: 'agent', ownerId: operator.userId, email: null, name: 'Scout' });
  const { key: agentKey } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
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

/**
 * Parties ready for money to move: a human requester with a 4242 card (session), who also operates an agent
 * (test-mode key), and a listed worker whose payout account finished test-mode onboarding (session).
 */
export async function fundedParties() {
  const { db } = await getDatabase();
  const requester = await signUpViaApi('requester');
  await addCard({ id: requester.userId, email: null }, '4242 4242 4242 4242');
  const agent = await insertUser(db, { type: 'agent', ownerId: requester.userId, email: null, name: 'Scout' });
  const { key: agentKey } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: [...SCOPES] });
  const worker = await signUpViaApi('worker');
  await insertWorkerProfile(worker.userId, { isListed: true });
  await onboardPayouts({ id: worker.userId, email: null });
  return {
    requester: { id: requester.userId, token: requester.token },
    agent: { id: agent.id, token: agentKey },
    worker: { id: worker.userId, token: worker.token },
  };
}

/** A valid create body: a 2,000-cent budget (2,300 charged), due in 3 days. */
export function taskBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Photograph the storefront at Oranienstraße 12',
    description: 'Two photos of the shop front, one of the opening hours sign.',
    category: 'photography',
    location: { lat: 52.4995, lng: 13.4187, address: 'Oranienstraße 12, Berlin' },
    budgetCents: 2_000,
    deadline: new Date(Date.now() + 3 * 24 * 3_600_000).toISOString(),
    requiredSkills: ['photography'],
    proofRequirements: ['photo'],
    instructions: 'Ask for Mia at the counter.',
    ...overrides,
  };
}
