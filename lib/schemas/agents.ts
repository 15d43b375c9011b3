import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';
import { BUDGET_MIN_CENTS, priceTask } from '@/lib/tasks/task-rules';
import { text, timestamp } from './common';
import { taskSchema } from './tasks';

// The column is a 32-bit integer; a larger cap would be refused by the database.
const MAX_SPENDING_LIMIT_CENTS = 2_147_483_647;
/** The total (budget + fee) of the smallest task: a lower cap other than 0 could never pay for anything. */
export const MIN_SPENDING_LIMIT_CENTS = priceTask(BUDGET_MIN_CENTS).totalCents;

export const agentName = text(100)
  .trim()
  .min(1, { message: 'Must not be empty' })
  .describe('A label the operator knows the agent by (1 to 100 characters).');

const spendingLimitCents = z
  .number()
  .int({ message: 'Must be a whole number of cents' })
  .min(0, { message: 'Must be at least 0' })
  .max(MAX_SPENDING_LIMIT_CENTS, { message: `Must be at most ${MAX_SPENDING_LIMIT_CENTS}` })
  .refine((cents) => cents === 0 || cents >= MIN_SPENDING_LIMIT_CENTS, {
    // Only a whole, in-range number is checked against the minimum: one issue per wrong value.
    when: (payload) => payload.issues.length === 0,
    message:
      `Must be 0 (the card pays for nothing) or at least ${MIN_SPENDING_LIMIT_CENTS} cents, ` +
      'the total of the smallest task: below that the card could never pay',
  })
  .nullable()
  .describe(
    'The most the operator’s card may be charged in total for the agent’s tasks, in cents; null = no cap, ' +
      `0 = the card pays for none (x402 only). Otherwise at least ${MIN_SPENDING_LIMIT_CENTS} (the smallest task's total).`,
  );

const agentParams = z.object({ agentId: z.uuid() });

const issuedKeySchema = z
  .object({
    id: z.uuid(),
    key: z.string().describe('The full key, with every scope. Shown in this response only; store it privately.'),
    keyPrefix: z.string().describe('The first 12 characters of the key, e.g. `lgw_live_AbC`.'),
  })
  .meta({ id: 'IssuedAgentKey' });

export const agentListItemSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: timestamp,
    taskCount: z.number().int().describe('Tasks the agent created, in any status.'),
    totalSpentCents: z
      .number()
      .int()
      .describe(
        'Net money taken for the agent’s tasks: charges and x402 receipts into each task’s escrow, minus refunds.',
      ),
    lastActiveAt: timestamp.nullable().describe('The agent’s most recent API request; null if it never made one.'),
    lastActiveIp: z.string().nullable().describe('The client address of that request.'),
    activeKeyCount: z.number().int().describe('Keys of the agent that are neither revoked nor expired.'),
    spendingLimitCents: z.number().int().nullable().describe('The spending cap in cents; null = no cap.'),
    activeKeyExpiresAt: timestamp.nullable().describe('When the first of its active keys expires; null if none does.'),
  })
  .meta({ id: 'AgentListItem' });

export const createAgentOperation = defineOperation({
  method: 'POST',
  path: '/v1/operators/me/agents',
  operationId: 'createAgent',
  summary: 'Create an agent and its first API key',
  description:
    'The agent and a key with every scope are created together. The full key is in this response only; ' +
    'replace a lost one with POST /v1/operators/me/agents/{agentId}/keys. The key counts against the operator’s ' +
    'live keys (400 `TOO_MANY_KEYS` past the cap) and gets 600 requests per minute, or the operator’s ceiling if lower. ' +
    'An operator whose email is not verified gets 403 `EMAIL_NOT_VERIFIED`.',
  tags: ['Agents'],
  auth: 'session',
  body: z.strictObject({ name: agentName, spendingLimitCents: spendingLimitCents.optional() }),
  response: z.object({
    agent: z.object({ id: z.uuid(), name: z.string(), createdAt: timestamp }),
    apiKey: issuedKeySchema,
  }),
  successStatus: 201,
  errors: ['TOO_MANY_KEYS', 'EMAIL_NOT_VERIFIED'],
});

export const listAgentsOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/agents',
  operationId: 'listAgents',
  summary: 'The operator’s agents, newest first, with task and spending figures',
  description:
    'Deleted agents are left out. `totalSpentCents` sums, over the agent’s tasks, the entries on each ' +
    'task’s escrow account from charges and x402 receipts (money in) and refunds (money back out); ' +
    'each task counts in its own mode (live or test). `lastActiveAt`/`lastActiveIp` come from the usage ' +
    'log, which is written in batches, so they may lag a request by about a second.',
  tags: ['Agents'],
  auth: 'session',
  response: z.array(agentListItemSchema),
});

export const updateAgentOperation = defineOperation({
  method: 'PATCH',
  path: '/v1/operators/me/agents/{agentId}',
  operationId: 'updateAgent',
  summary: 'Rename an agent or change its spending cap',
  description:
    'Omitted fields stay as they are; `spendingLimitCents: null` removes the cap. An empty body changes nothing.',
  tags: ['Agents'],
  auth: 'session',
  params: agentParams,
  body: z.strictObject({ name: agentName.optional(), spendingLimitCents: spendingLimitCents.optional() }),
  response: z.object({ id: z.uuid(), name: z.string(), spendingLimitCents: z.number().int().nullable() }),
});

export const deleteAgentOperation = defineOperation({
  method: 'DELETE',
  path: '/v1/operators/me/agents/{agentId}',
  operationId: 'deleteAgent',
  summary: 'Delete an agent and revoke all its API keys',
  description: 'Its keys stop working on the next request. Its tasks and payment history are kept.',
  tags: ['Agents'],
  auth: 'session',
  params: agentParams,
  response: z.object({ id: z.uuid(), deleted: z.boolean() }),
});

export const rotateAgentKeyOperation = defineOperation({
  method: 'POST',
  path: '/v1/operators/me/agents/{agentId}/keys',
  operationId: 'rotateAgentKey',
  summary: 'Replace all of an agent’s API keys with one new key',
  description: 'Every existing key of the agent is revoked at once (no grace period). The new key is shown once.',
  tags: ['Agents'],
  auth: 'session',
  params: agentParams,
  response: issuedKeySchema,
  successStatus: 201,
  errors: ['TOO_MANY_KEYS'],
});

export const listAgentTasksOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/agents/{agentId}/tasks',
  operationId: 'listAgentTasks',
  summary: 'Tasks created by an agent, newest first',
  description: 'Cursor-paginated. Live and test-mode tasks alike (see `livemode`).',
  tags: ['Agents'],
  auth: 'session',
  params: agentParams,
  query: pageQuery,
  response: z.array(taskSchema),
  listEnvelope: true,
});

export const getAgentUsageOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/agents/{agentId}/usage',
  operationId: 'getAgentUsage',
  summary: 'API usage of an agent',
  description: 'From the usage log of requests made with the agent’s keys (written in batches, about a second late).',
  tags: ['Agents'],
  auth: 'session',
  params: agentParams,
  response: z
    .object({
      totalRequests: z.number().int(),
      errorCount: z.number().int().describe('Requests answered with a status of 400 or more.'),
      avgLatencyMs: z.number().int().describe('Mean latency in milliseconds, rounded; 0 without requests.'),
      last24hRequests: z.number().int().describe('Requests in the last 24 hours.'),
      requestsPerDay: z
        .array(z.object({ date: z.string().describe('UTC day, `YYYY-MM-DD`.'), requests: z.number().int() }))
        .describe('The last 14 UTC days, oldest first, today last; days without requests count 0.'),
    })
    .meta({ id: 'AgentUsage' }),
});

export const getAgentSpendingOperation = defineOperation({
  method: 'GET',
  path: '/v1/operators/me/agents/{agentId}/spending',
  operationId: 'getAgentSpending',
  summary: 'Spending of an agent',
  tags: ['Agents'],
  auth: 'session',
  params: agentParams,
  response: z
    .object({
      totalChargedCents: z
        .number()
        .int()
        .describe(
          'Gross money taken for the agent’s tasks: charges and x402 receipts into each task’s escrow, ' +
            'refunds not subtracted; each task counts in its own mode (live or test).',
        ),
      totalSpentCents: z
        .number()
        .int()
        .describe(
          'Net money taken for the agent’s tasks: charges and x402 receipts minus refunds. The same figure as ' +
            '`totalSpentCents` in the agents list.',
        ),
      activeTaskCount: z.number().int().describe('Tasks posted, accepted, submitted or disputed.'),
      completedTaskCount: z.number().int().describe('Tasks completed.'),
    })
    .meta({ id: 'AgentSpending' }),
});
