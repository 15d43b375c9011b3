import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { taskClaims } from './claims';
import { createdAt, id, timestamptz } from './columns';
import { tasks } from './tasks';
import { users } from './users';

export const WAIT_KINDS = ['message', 'task_status', 'claim'] as const;
export type WaitKind = (typeof WAIT_KINDS)[number];
export const WAIT_STATUSES = ['working', 'completed', 'failed', 'cancelled'] as const;
export type WaitStatus = (typeof WAIT_STATUSES)[number];

/** What a finished wait found, as stored (lib/services/waits/to-wait-resource.ts shapes it for the API). */
export type WaitOutcome =
  | { outcome: 'message'; messageIds: string[] }
  | { outcome: 'status'; status: string }
  | { outcome: 'claimed' }
  | { outcome: 'ended'; status: string }
  | { outcome: 'deadline' };

// A durable wait on a human (MCP Tasks, docs/agents.md "Waiting"): an agent's key, or a cold-start claim token,
// asks to be told when a worker writes, a task reaches a status, or a human claims. Any instance can answer for it,
// and it outlives restarts. A wait finishes once (a conditional update from `working`); after `expires_at` it is
// gone. Exactly one owner column is set, per the CHECK.
export const agentWaits = pgTable(
  'agent_waits',
  {
    id: id(),
    kind: text('kind').$type<WaitKind>().notNull(),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    claimId: uuid('claim_id').references(() => taskClaims.id, { onDelete: 'cascade' }),
    /** The user whose view of the task the wait reads (the agent). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** `message`: worker messages after this one count (null: every worker message). */
    sinceMessageId: uuid('since_message_id'),
    /** `task_status`: the statuses that end the wait. */
    statuses: text('statuses').array(),
    status: text('status').$type<WaitStatus>().notNull().default('working'),
    statusMessage: text('status_message'),
    outcome: jsonb('outcome').$type<WaitOutcome>(),
    errorCode: text('error_code'),
    deadline: timestamptz('deadline').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    pollIntervalMs: integer('poll_interval_ms').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('agent_waits_kind_check', sql`${t.kind} in ('message', 'task_status', 'claim')`),
    check('agent_waits_status_check', sql`${t.status} in ('working', 'completed', 'failed', 'cancelled')`),
    check('agent_waits_one_owner', sql`(${t.apiKeyId} is null) <> (${t.claimId} is null)`),
    // The sweep's two scans: working waits by task (to evaluate) and every wait by expiry (to forget).
    index('agent_waits_working_idx').on(t.deadline).where(sql`${t.status} = 'working'`),
    index('agent_waits_expires_idx').on(t.expiresAt),
    index('agent_waits_task_idx').on(t.taskId),
  ],
);

export type AgentWait = typeof agentWaits.$inferSelect;
