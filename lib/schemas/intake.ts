import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { intakeStatus } from '@/db/schema/intake';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';
import { taskBodyRules, taskBodySchema, taskSchema } from './tasks';

// The SMS concierge's admin API (DESIGN §5 "Intake"): staff read the conversations people open by texting the
// service's number, answer them, and turn one into a task whose claim link is texted back. Admins only.

const ADMIN_ONLY = 'Admins only (a verified email listed in ADMIN_EMAILS); anyone else gets 403.';

const intakeParams = z.object({ id: z.uuid() });

export const intakeConversationSchema = z
  .object({
    id: z.uuid(),
    phone: z.string().describe('The number that texted, E.164.'),
    status: z.enum(intakeStatus.enumValues).describe('`open`, then `converted` (a task) or `closed`.'),
    lastMessageAt: timestamp,
    messageCount: z.number().int().describe('Messages in both directions.'),
    unreadCount: z.number().int().describe('Inbound messages no admin has opened yet.'),
    taskId: z.uuid().nullable().describe('The task it was converted into.'),
  })
  .meta({ id: 'IntakeConversation' });

export const intakeMessageSchema = z
  .object({
    id: z.uuid(),
    direction: z.enum(['inbound', 'outbound']),
    body: z.string(),
    status: z
      .enum(['queued', 'sent', 'failed'])
      .nullable()
      .describe('Outbound delivery: `queued`, `sent` or `failed`; null for inbound messages.'),
    sentBy: z.uuid().nullable().describe('The admin who wrote an outbound message; null for automatic texts.'),
    createdAt: timestamp,
  })
  .meta({ id: 'IntakeMessage' });

export const listIntakeOperation = defineOperation({
  method: 'GET',
  path: '/v1/intake',
  operationId: 'listIntakeConversations',
  summary: 'SMS concierge conversations, latest message first (admin)',
  description: `Filter with \`status\`. ${ADMIN_ONLY}`,
  tags: ['Intake'],
  auth: 'session',
  admin: 'use the SMS intake',
  query: pageQuery.extend({
    status: z.enum(intakeStatus.enumValues).optional().describe('Only conversations in this status.'),
  }),
  response: z.array(intakeConversationSchema),
  listEnvelope: true,
  errors: ['FORBIDDEN'],
});

export const getIntakeOperation = defineOperation({
  method: 'GET',
  path: '/v1/intake/{id}',
  operationId: 'getIntakeConversation',
  summary: 'One conversation with its messages, oldest first (admin)',
  description: `Opening it marks its inbound messages read (\`unreadCount\` 0). ${ADMIN_ONLY}`,
  tags: ['Intake'],
  auth: 'session',
  admin: 'use the SMS intake',
  params: intakeParams,
  response: intakeConversationSchema.extend({ messages: z.array(intakeMessageSchema) }),
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const replyToIntakeOperation = defineOperation({
  method: 'POST',
  path: '/v1/intake/{id}/reply',
  operationId: 'replyToIntakeConversation',
  summary: 'Text an answer to the number (admin)',
  description:
    'Queues the SMS and stores it in the conversation as one change. 409 `SMS_OPTED_OUT` when the number texted ' +
    `STOP (nothing is stored); 409 \`INTAKE_NOT_OPEN\` once converted or closed. ${ADMIN_ONLY}`,
  tags: ['Intake'],
  auth: 'session',
  admin: 'use the SMS intake',
  params: intakeParams,
  body: z.strictObject({
    body: text(1600).trim().min(1, { message: 'Must be at least 1 character' }).describe('The text, 1 to 1,600.'),
  }),
  response: intakeMessageSchema,
  successStatus: 201,
  errors: ['FORBIDDEN', 'NOT_FOUND', 'SMS_OPTED_OUT', 'INTAKE_NOT_OPEN'],
});

export const convertIntakeOperation = defineOperation({
  method: 'POST',
  path: '/v1/intake/{id}/convert',
  operationId: 'convertIntakeConversation',
  summary: 'Turn a conversation into a draft task and text its claim link (admin)',
  description:
    'Creates a `draft` task from `task` (the task body of POST /v1/tasks/propose, with the same defaults) and a ' +
    'claim link like cold start, with no agent; texts the link to the number and marks the conversation ' +
    '`converted`, all as one change. The person opens the link, gives an email and a card, and the task is ' +
    'posted with them as its requester (until then the converting admin is). 409 `SMS_OPTED_OUT` when the ' +
    `number texted STOP, 409 \`INTAKE_NOT_OPEN\` once converted or closed; nothing is created then. ${ADMIN_ONLY}`,
  tags: ['Intake'],
  auth: 'session',
  admin: 'use the SMS intake',
  params: intakeParams,
  body: z.strictObject({ task: taskBodySchema.superRefine(taskBodyRules) }),
  response: z.object({
    conversation: intakeConversationSchema,
    task: taskSchema,
    humanClaimUrl: z.string().describe('The claim link texted to the number; valid 7 days.'),
  }),
  successStatus: 201,
  errors: ['FORBIDDEN', 'NOT_FOUND', 'SMS_OPTED_OUT', 'INTAKE_NOT_OPEN'],
});

export const closeIntakeOperation = defineOperation({
  method: 'POST',
  path: '/v1/intake/{id}/close',
  operationId: 'closeIntakeConversation',
  summary: 'Close a conversation without a task (admin)',
  description:
    'Only an open conversation closes (409 `INTAKE_NOT_OPEN` otherwise: a converted one stays with its task). ' +
    `The number's next text opens a new conversation. ${ADMIN_ONLY}`,
  tags: ['Intake'],
  auth: 'session',
  admin: 'use the SMS intake',
  params: intakeParams,
  response: intakeConversationSchema,
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INTAKE_NOT_OPEN'],
});
