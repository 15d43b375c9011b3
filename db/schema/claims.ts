import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys';
import { createdAt, id, timestamptz } from './columns';
import { tasks } from './tasks';
import { users } from './users';

// A dashboard claim code: an operator mints it, an agent redeems it once (POST /v1/agents/register)
// before it expires, and becomes that operator's agent.
export const agentClaimCodes = pgTable(
  'agent_claim_codes',
  {
    // 8 characters of an unambiguous alphabet, stored without the display dash.
    code: text('code').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    claimedAt: timestamptz('claimed_at'),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('agent_claim_codes_owner_idx').on(t.ownerId)],
);

export const claimKind = pgEnum('claim_kind', ['agent', 'intake']);

// A draft task waiting for a human to claim it (pay and post it) through a claim link. Two kinds:
// - `agent` (cold start): a task proposed without an account. Two different secrets, both stored as SHA-256 only:
//   the agent polls with `claimToken`, the human opens the link with `humanToken`. The placeholder agent and its
//   parked key; the key is kept sealed (AES-GCM) until the one poll that delivers it, then erased.
// - `intake` (SMS concierge): no agent, no key, no poll token; the claim names the conversation instead.
// The CHECK constraints tie each column's nullability to the kind.
export const taskClaims = pgTable(
  'task_claims',
  {
    id: id(),
    kind: claimKind('kind').notNull(),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    intakeConversationId: uuid('intake_conversation_id'),
    claimTokenHash: text('claim_token_hash'),
    humanTokenHash: text('human_token_hash').notNull(),
    sealedKey: text('sealed_key'),
    requesterEmail: text('requester_email'),
    expiresAt: timestamptz('expires_at').notNull(),
    claimedAt: timestamptz('claimed_at'),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    keyDeliveredAt: timestamptz('key_delivered_at'),
    // The last signed-in human who opened the claim page while the link was open, and that link sealed (AES-GCM):
    // the link is otherwise kept only as a hash, and their dashboard lists the claim under "Needs your action".
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    openedLinkSealed: text('opened_link_sealed'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('task_claims_claim_token_key').on(t.claimTokenHash),
    index('task_claims_opened_by_idx').on(t.openedBy).where(sql`${t.claimedAt} is null`),
    uniqueIndex('task_claims_human_token_key').on(t.humanTokenHash),
    check(
      'task_claims_agent_kind',
      sql`${t.kind} <> 'agent' or (${t.agentId} is not null and ${t.claimTokenHash} is not null)`,
    ),
    check(
      'task_claims_intake_kind',
      sql`${t.kind} <> 'intake' or (${t.intakeConversationId} is not null and ${t.agentId} is null and ${t.apiKeyId} is null and ${t.claimTokenHash} is null)`,
    ),
  ],
);

// How many claim-link emails (POST /v1/tasks/propose with `requesterEmail`) went to one address on one UTC day,
// whoever proposed: at most CLAIM_LINK_EMAILS_PER_DAY, so the anonymous proposal is no mail relay. The address is
// lower-cased; one row per (address, day), counted up by one conditional upsert, so concurrent proposals cannot
// both take the last slot. Swept two days later (lib/jobs/sweep-expired-rows.ts).
export const claimLinkEmailCounts = pgTable(
  'claim_link_email_counts',
  {
    address: text('address').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.day] })],
);

export type AgentClaimCode = typeof agentClaimCodes.$inferSelect;
export type TaskClaim = typeof taskClaims.$inferSelect;
