import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { POST as acceptRoute } from '@/app/v1/tasks/[id]/accept/route';
import { POST as approveRoute } from '@/app/v1/tasks/[id]/approve/route';
import { POST as cancelRoute } from '@/app/v1/tasks/[id]/cancel/route';
import { POST as disputeRoute } from '@/app/v1/tasks/[id]/dispute/route';
import { POST as publishRoute } from '@/app/v1/tasks/[id]/publish/route';
import { POST as requestRevisionRoute } from '@/app/v1/tasks/[id]/request-revision/route';
import { POST as submitRoute } from '@/app/v1/tasks/[id]/submit/route';
import { POST as withdrawRoute } from '@/app/v1/tasks/[id]/withdraw/route';
import { POST as createTaskRoute } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { execute } from '@/db/execute';
import { events, type Task, taskAssignments, tasks } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { expireTask } from '@/lib/services/tasks/expire-task';
import { priceTask } from '@/lib/tasks/task-rules';
import { insertTask } from './agents';
import { insertApiKey, insertUser } from './factories';
import { call } from './http';
import { addCard, withoutStripe } from './payments';
import { signUpViaApi } from './sessions';
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
  const task = await insertTask(parties.agent.id, {
    status,
    livemode: false,
    ...(assigned ? { workerId: parties.worker.id, acceptedAt: new Date() } : {}),
    ...overrides,
  });
  // The worker's current assignment, as accept opens it: their thread.
  if (assigned)
    await (await getDatabase()).db.insert(taskAssignments).values({ taskId: task.id, workerId: parties.worker.id });
  return task;
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
  requesterIds.add(requester.userId).add(agent.id);
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

// Lifecycle helpers: a task driven through the real action routes into any status, with its money moved the way
// the platform moves it (charged on posting, refunded on cancel/expiry, paid out on completion).

export const TASK_STATUS_LIST = [
  'draft',
  'posted',
  'accepted',
  'submitted',
  'completed',
  'cancelled',
  'disputed',
  'expired',
  'resolved',
] as const satisfies readonly Task['status'][];

/** The action routes by their URL segment. */
export const ACTION_ROUTES = {
  publish: publishRoute,
  cancel: cancelRoute,
  accept: acceptRoute,
  withdraw: withdrawRoute,
  submit: submitRoute,
  approve: approveRoute,
  'request-revision': requestRevisionRoute,
  dispute: disputeRoute,
} as const;
export type ActionSegment = keyof typeof ACTION_ROUTES;

/** A body the action route accepts (a note for the `text` proof lifecycleBody asks for; a dispute reason). */
export function actionBody(action: ActionSegment): Record<string, unknown> | undefined {
  if (action === 'submit') return { note: 'Done: the shop front and the sign.' };
  if (action === 'dispute') return { reason: 'The photos show a different shop.' };
  if (action === 'request-revision') return { reason: 'The sign is blurry.' };
  return undefined;
}

/** POST /v1/tasks/{id}/<action> as the holder of `token`. */
export function callAction(
  action: ActionSegment,
  taskId: string,
  token: string,
  /** null: no body at all. */
  body: Record<string, unknown> | null | undefined = actionBody(action),
) {
  return call(ACTION_ROUTES[action], `/v1/tasks/${taskId}/${action}`, {
    params: { id: taskId },
    token,
    ...(body ? { body } : {}),
  });
}

/** taskBody with only a written note as proof, so submitting needs no upload. */
export const lifecycleBody = (overrides: Record<string, unknown> = {}) =>
  taskBody({ proofRequirements: ['text'], ...overrides });

async function expectOk(res: Awaited<ReturnType<typeof call>>, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res.json.data as { id: string; status: Task['status'] };
}

/**
 * A task of `parties.requester` (funded parties) in `status`, reached through the API: created (draft, or
 * funded and posted), then accepted by `parties.worker`, submitted, approved, cancelled or disputed as the
 * status needs; `expired` through the deadline job's own transition. `resolved` has no route (an admin
 * outcome): it is stored directly, with no money held.
 */
export async function taskInStatus(
  parties: FundedParties,
  status: Task['status'],
  overrides: Record<string, unknown> = {},
): Promise<Task> {
  const { db } = await getDatabase();
  if (status === 'resolved') {
    const [row] = await db
      .insert(tasks)
      .values({
        requesterId: parties.requester.id,
        workerId: parties.worker.id,
        title: 'A resolved dispute',
        category: 'photography',
        ...priceTask(2_000),
        deadline: new Date(Date.now() + 3 * 24 * 3_600_000),
        proofRequirements: ['text'],
        status: 'resolved',
        livemode: false,
      })
      .returning();
    if (!row) throw new Error('task insert failed');
    return row;
  }
  const draft = status === 'draft';
  const created = await expectOk(
    await call(createTaskRoute, '/v1/tasks', {
      token: parties.requester.token,
      body: lifecycleBody({ ...(draft ? { draft: true } : {}), ...overrides }),
    }),
    201,
  );
  const id = created.id;
  const steps: [ActionSegment, string][] = [];
  if (status === 'cancelled') steps.push(['cancel', parties.requester.token]);
  if (['accepted', 'submitted', 'completed', 'disputed'].includes(status)) steps.push(['accept', parties.worker.token]);
  if (status === 'disputed') steps.push(['dispute', parties.worker.token]);
  if (['submitted', 'completed'].includes(status)) steps.push(['submit', parties.worker.token]);
  if (status === 'completed') steps.push(['approve', parties.requester.token]);
  for (const [action, token] of steps) await expectOk(await callAction(action, id, token));
  if (status === 'expired') await expireTask(db, id);
  const row = await taskRow(id);
  if (row.status !== status) throw new Error(`task reached ${row.status}, not ${status}`);
  return row;
}

export type FundedParties = Awaited<ReturnType<typeof fundedParties>>;

/** The stored task row. */
export async function taskRow(taskId: string): Promise<Task> {
  const { db } = await getDatabase();
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!row) throw new Error(`no task ${taskId}`);
  return row;
}

/**
 * The task's lifecycle events (`task.<status>`), oldest first, or those whose type matches `types`. Payment events
 * written in a transition's transaction share its timestamp, so they are left out by default to keep the order
 * meaningful.
 */
export async function taskEvents(taskId: string, types = /^task\.[a-z]+$/) {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.taskId, taskId))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.filter((event) => types.test(event.type));
}

/** Moves the task's deadline into the past (an hour ago), as if its worker had let it pass. */
export async function passDeadline(taskId: string): Promise<Task> {
  const { db } = await getDatabase();
  await db
    .update(tasks)
    .set({ deadline: new Date(Date.now() - 3_600_000) })
    .where(eq(tasks.id, taskId));
  return taskRow(taskId);
}

/** The task's assignments (accept to withdrawal or no-show), oldest first. */
export async function assignmentsOf(taskId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(taskAssignments)
    .where(eq(taskAssignments.taskId, taskId))
    .orderBy(asc(taskAssignments.acceptedAt), asc(taskAssignments.id));
}

/** How many tasks `requesterId` has stored. */
export async function countTasksOf(requesterId: string) {
  const { db } = await getDatabase();
  const rows = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.requesterId, requesterId));
  return rows.length;
}

/** Another worker with a session: listed (may browse and accept posted tasks) or not. */
export async function anotherWorker(listed = true) {
  const worker = await signUpViaApi(listed ? 'worker' : 'unlisted');
  await insertWorkerProfile(worker.userId, { isListed: listed });
  return { id: worker.userId, token: worker.token };
}

/** The requesters (and their agents) made by fundedParties() in this test file. */
const requesterIds = new Set<string>();

/**
 * Checks, after the file's tests, that every ended task (completed, cancelled, expired, resolved) of the
 * parties fundedParties() made holds nothing in escrow (DESIGN §4 "Money": each task's escrow returns to zero
 * when it ends). The ledger's own invariants are checked for every file by test/setup.ts.
 */
/**
 * The funded parties every test of a file shares, made before its tests, in test mode (no Stripe); after the
 * file, every task they ended must hold nothing in escrow.
 */
export function fundedPartiesForFile(): FundedParties {
  withoutStripe();
  expectEndedTasksSettled();
  const parties = {} as FundedParties;
  beforeAll(async () => {
    Object.assign(parties, await fundedParties());
  });
  return parties;
}

export function expectEndedTasksSettled() {
  afterAll(async () => {
    if (requesterIds.size === 0) return;
    const { db } = await getDatabase();
    const unbalanced = await execute(
      db,
      sql`
      select t.id, t.status, coalesce(sum(e.amount_cents), 0)::text as held
      from tasks t
      left join ledger_entries e
        on e.account = (case when t.livemode then 'live' else 'test' end) || ':escrow:task:' || t.id::text
      where t.requester_id in (${sql.join(
        [...requesterIds].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and t.status in ('completed', 'cancelled', 'expired', 'resolved')
      group by t.id, t.status
      having coalesce(sum(e.amount_cents), 0) <> 0`,
    );
    expect(unbalanced).toEqual([]);
  });
}
