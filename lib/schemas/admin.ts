import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { taskStatus } from '@/db/schema/tasks';
import { MAX_KEY_RATE_LIMIT } from '@/lib/config/key-limits';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

export const setKeyRateLimitCeilingOperation = defineOperation({
  method: 'PUT',
  path: '/v1/admin/users/{id}/key-rate-limit-ceiling',
  operationId: 'setKeyRateLimitCeiling',
  summary: 'Set the highest rate limit an operator’s keys may have (admin)',
  description:
    'The ceiling bounds `rateLimitPerMinute` of every key the operator creates, its agents’ keys included. ' +
    '`null` returns the operator to the default (`KEY_RATE_LIMIT_CEILING`, 6,000). Keys already above the new ' +
    'ceiling are lowered to it at once. Admins only (a verified email listed in ADMIN_EMAILS); anyone else gets ' +
    '403. An unknown id, or an agent’s, is 404.',
  tags: ['Admin'],
  auth: 'session',
  admin: 'change key rate-limit ceilings',
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({
    keyRateLimitCeiling: z
      .number()
      .int()
      .min(1)
      .max(MAX_KEY_RATE_LIMIT)
      .nullable()
      .describe('Requests per minute; null for the default.'),
  }),
  response: z.object({
    id: z.uuid().describe('The operator.'),
    keyRateLimitCeiling: z.number().int().describe('The ceiling now in force.'),
    isDefault: z.boolean().describe('True when the operator follows the default ceiling.'),
    keysLowered: z.number().int().describe('Keys of the operator and its agents brought down to the new ceiling.'),
  }),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

/** The human behind an agent: its operator, as staff reach them. */
export const adminOperatorSchema = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'AdminOperator' });

const ADMIN_ONLY = 'Admins only (a verified email listed in ADMIN_EMAILS); anyone else, API keys included, gets 403.';
const userParams = z.object({ id: z.uuid() });
const searchQuery = text(200)
  .optional()
  .describe('An exact id, or part of the email or name (titles, for tasks); case-insensitive.');

export const adminStatsSchema = z
  .object({
    livemode: z.boolean().describe('The mode the task and money figures count: live only with a live Stripe key.'),
    users: z.number().int().describe('Accounts, humans and agents (deleted agents left out): `people + agents`.'),
    people: z.number().int().describe('Human accounts.'),
    agents: z.number().int().describe('Agent accounts (deleted agents left out).'),
    listedWorkers: z.number().int().describe('Worker profiles listed for hire.'),
    tasksByStatus: z
      .record(z.enum(taskStatus.enumValues), z.number().int())
      .describe('Tasks in each status, every status present (zeros included).'),
    gmvCents30d: z
      .number()
      .int()
      .describe(
        'Money funded into task escrows in the last 30 days (card charges and x402 receipts, from the ledger).',
      ),
    feesCents30d: z.number().int().describe('Net platform fees the ledger recorded in the last 30 days.'),
    openDisputes: z.number().int(),
    openIntake: z.number().int().describe('SMS intake conversations waiting for staff.'),
    failingWebhookEndpoints: z
      .number()
      .int()
      .describe('Active endpoints whose latest attempted delivery did not succeed (failed, or retrying).'),
    ledger: z.object({
      balanced: z.boolean().describe('Every ledger transaction sums to zero and no account breaks its sign rule.'),
      checkedAt: timestamp,
    }),
  })
  .meta({ id: 'AdminStats' });

export const getAdminStatsOperation = defineOperation({
  method: 'GET',
  path: '/v1/admin/stats',
  operationId: 'getAdminStats',
  summary: 'The platform at a glance (admin)',
  description: `Counts, the last 30 days' GMV and fees, and a live ledger check. ${ADMIN_ONLY}`,
  tags: ['Admin'],
  auth: 'session',
  admin: 'use the admin API',
  response: adminStatsSchema,
  errors: ['FORBIDDEN'],
});

export const adminUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable().describe('Null for agents.'),
    name: z.string().nullable(),
    type: z.enum(['human', 'agent']),
    ownerId: z.uuid().nullable().describe('An agent’s operator.'),
    createdAt: timestamp,
    suspendedAt: timestamp.nullable().describe('When an admin suspended the account; null when it is not.'),
    suspensionReason: z.string().nullable(),
    isAdmin: z.boolean(),
    isWorker: z.boolean().describe('Has a worker profile.'),
    listed: z.boolean().describe('The worker profile is listed for hire.'),
    agentCount: z.number().int().describe('Agents it operates (deleted ones left out).'),
    operator: adminOperatorSchema.nullable().describe('An agent’s operator, the human behind it; null for people.'),
  })
  .meta({ id: 'AdminUser' });

export const listAdminUsersOperation = defineOperation({
  method: 'GET',
  path: '/v1/admin/users',
  operationId: 'listAdminUsers',
  summary: 'Every account, newest first (admin)',
  description: `Humans and agents; \`q\` finds an exact id or part of an email or name. ${ADMIN_ONLY}`,
  tags: ['Admin'],
  auth: 'session',
  admin: 'use the admin API',
  query: pageQuery.extend({ q: searchQuery }),
  response: z.array(adminUserSchema),
  listEnvelope: true,
  errors: ['FORBIDDEN'],
});

export const suspendUserOperation = defineOperation({
  method: 'POST',
  path: '/v1/admin/users/{id}/suspend',
  operationId: 'suspendUser',
  summary: 'Suspend an account (admin)',
  description:
    'In one step: the user’s sessions and API keys, and its agents’ keys, answer 401 from their next request; ' +
    'a listed worker profile is unlisted; the posted tasks it (or its agents) requested are cancelled and ' +
    'refunded. Tasks a worker already holds are left to finish or go to a dispute. 409 for yourself, another ' +
    `admin, or an account already suspended. ${ADMIN_ONLY}`,
  tags: ['Admin'],
  auth: 'session',
  admin: 'suspend users',
  params: userParams,
  body: z.strictObject({
    reason: text(500).trim().min(1, { message: 'Must not be empty' }).describe('Why, for the audit log and staff.'),
  }),
  response: z.object({
    id: z.uuid(),
    suspendedAt: timestamp,
    suspensionReason: z.string(),
    cancelledTaskIds: z.array(z.uuid()).describe('Posted tasks cancelled and refunded.'),
    unlisted: z.boolean().describe('A listed worker profile was unlisted.'),
  }),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const unsuspendUserOperation = defineOperation({
  method: 'POST',
  path: '/v1/admin/users/{id}/unsuspend',
  operationId: 'unsuspendUser',
  summary: 'Lift a suspension (admin)',
  description:
    'The account’s sessions and keys, and its agents’ keys, work again. Cancelled tasks stay cancelled, and a ' +
    `worker lists their profile again themselves. 409 when the account is not suspended. ${ADMIN_ONLY}`,
  tags: ['Admin'],
  auth: 'session',
  admin: 'unsuspend users',
  params: userParams,
  response: z.object({ id: z.uuid(), suspendedAt: z.null(), suspensionReason: z.null() }),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
});

export const adminTaskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum(taskStatus.enumValues),
    requester: z.object({ id: z.uuid(), email: z.string().nullable(), name: z.string().nullable() }),
    worker: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
    budgetCents: z.number().int(),
    totalCents: z.number().int(),
    livemode: z.boolean(),
    createdAt: timestamp,
    disputeId: z.uuid().nullable(),
  })
  .meta({ id: 'AdminTask' });

export const listAdminTasksOperation = defineOperation({
  method: 'GET',
  path: '/v1/admin/tasks',
  operationId: 'listAdminTasks',
  summary: 'Every task, newest first (admin)',
  description: `Both modes; filter by \`status\`, \`q\` finds an exact id or part of a title. ${ADMIN_ONLY}`,
  tags: ['Admin'],
  auth: 'session',
  admin: 'use the admin API',
  query: pageQuery.extend({
    status: z.enum(taskStatus.enumValues).optional().describe('Only tasks in this status.'),
    q: searchQuery,
  }),
  response: z.array(adminTaskSchema),
  listEnvelope: true,
  errors: ['FORBIDDEN'],
});

export const auditEntrySchema = z
  .object({
    id: z.uuid(),
    actor: z
      .object({
        id: z.uuid(),
        email: z.string().nullable(),
        operator: adminOperatorSchema.nullable().describe('When the actor is an agent: its operator; else null.'),
      })
      .describe('The admin who acted.'),
    action: z.string().describe('A dotted verb: `user.suspend`, `intake.reply`, `dispute.resolve`, …'),
    target: z.object({
      type: z.string(),
      id: z.string(),
      operator: adminOperatorSchema
        .nullable()
        .describe('When the target is an agent (type `user`): its operator, the human behind it; else null.'),
    }),
    before: z.record(z.string(), z.unknown()).nullable().describe('What mattered before the change.'),
    after: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        'What mattered after it. `dispute.resolve`: `{outcome, workerCents, refundCents, feeCents}` (`feeCents` ' +
          'from rows written since it was kept).',
      ),
    ip: z.string().nullable().describe('The address the admin acted from.'),
    credential: z
      .object({
        kind: z.enum(['session', 'api_key']),
        id: z.uuid().describe('The session id, or the API key id.'),
      })
      .nullable()
      .describe(
        'The credential the admin acted with (admin powers need a session); null on rows from before it was kept.',
      ),
    createdAt: timestamp,
  })
  .meta({ id: 'AuditEntry' });

export const listAuditLogOperation = defineOperation({
  method: 'GET',
  path: '/v1/admin/audit-log',
  operationId: 'listAuditLog',
  summary: 'Every admin action, newest first (admin)',
  description: `Filter by \`action\` or \`targetId\`. ${ADMIN_ONLY}`,
  tags: ['Admin'],
  auth: 'session',
  admin: 'use the admin API',
  query: pageQuery.extend({
    action: text(100).optional().describe('Only this action, e.g. `user.suspend`.'),
    targetId: text(100).optional().describe('Only actions on this target id.'),
  }),
  response: z.array(auditEntrySchema),
  listEnvelope: true,
  errors: ['FORBIDDEN'],
});
