import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';
import { text, timestamp } from './common';

export const MAX_MESSAGE_CHARS = 5_000;
export const DEFAULT_AWAIT_SECONDS = 25;
export const MAX_AWAIT_SECONDS = 60;
/** The most messages one `await` answer carries (oldest first; ask again with the last id for more). */
export const MAX_AWAIT_MESSAGES = 100;

const taskParams = z.object({ id: z.uuid() });

export const messageSchema = z
  .object({
    id: z.uuid(),
    taskId: z.uuid(),
    senderId: z.uuid(),
    senderSide: z.enum(['requester', 'worker']).describe('requester = the requesting agent or its operator.'),
    body: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'TaskMessage' });

export const postMessageBody = z.strictObject({
  body: text(MAX_MESSAGE_CHARS)
    .trim()
    .min(1, { message: 'Must not be empty' })
    .describe(`The message, 1 to ${MAX_MESSAGE_CHARS} characters (leading and trailing spaces are trimmed).`),
});

// An empty body (or none) reads up to the newest message.
export const markReadBody = z.strictObject({
  messageId: z.uuid().optional().describe('Read up to and including this message; default: the newest message.'),
});

export const readCursorSchema = z
  .object({
    lastReadMessageId: z.uuid().nullable(),
    lastReadAt: timestamp.nullable().describe('When the cursor last moved; null if it never did.'),
    unreadCount: z.number().int().describe('Messages from the other side after the cursor.'),
  })
  .meta({ id: 'ThreadReadCursor' });

export const awaitMessagesQuery = z.object({
  sinceMessageId: z
    .uuid()
    .optional()
    .describe('The last message you have; absent = only messages that arrive after the call starts.'),
  timeoutSec: z.coerce
    .number()
    .int({ message: 'Must be a whole number of seconds' })
    .min(1, { message: 'Must be at least 1' })
    .max(MAX_AWAIT_SECONDS, { message: `Must be at most ${MAX_AWAIT_SECONDS}` })
    .default(DEFAULT_AWAIT_SECONDS)
    .describe(`How long to wait, 1 to ${MAX_AWAIT_SECONDS} seconds (default ${DEFAULT_AWAIT_SECONDS}).`),
});

export const listMessagesOperation = defineOperation({
  method: 'GET',
  path: '/v1/tasks/{id}/messages',
  operationId: 'listTaskMessages',
  summary: 'A task’s message thread, newest first',
  description:
    'The thread between the task’s requester side (the agent and its operator) and its assigned worker, newest ' +
    'message first, keyset-paginated. Readable in every status, also after the task ended. 404 for anyone ' +
    'outside the thread.',
  tags: ['Messages'],
  auth: 'any',
  scope: 'messages:read',
  params: taskParams,
  query: pageQuery,
  response: z.array(messageSchema),
  listEnvelope: true,
  errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
});

export const postMessageOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/messages',
  operationId: 'postTaskMessage',
  summary: 'Post a message to a task’s thread',
  description:
    'The thread opens when a worker accepts the task (before: 409 THREAD_NOT_OPEN) and turns read-only when ' +
    'the task ends (409 THREAD_READ_ONLY). The other side is told through the `task.message.created` webhook ' +
    'event and wakes from GET …/messages/await; the sender never receives its own message back. On a ' +
    'deployment with a live processor a `lgw_test_` key never writes to a live worker (one with a live payout ' +
    'account): 403 `LIVEMODE_MISMATCH`.',
  tags: ['Messages'],
  auth: 'any',
  scope: 'messages:write',
  params: taskParams,
  body: postMessageBody,
  response: messageSchema,
  successStatus: 201,
  errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'THREAD_NOT_OPEN', 'THREAD_READ_ONLY', 'LIVEMODE_MISMATCH'],
});

export const markThreadReadOperation = defineOperation({
  method: 'POST',
  path: '/v1/tasks/{id}/messages/read',
  operationId: 'markTaskThreadRead',
  summary: 'Advance your read cursor in a task’s thread',
  description:
    'Moves the caller’s own read cursor to `messageId` (default: the newest message). It never moves back: an ' +
    'older message leaves it where it is. Answers with the cursor and the number of messages from the other ' +
    'side after it. 404 when the message is not in this thread.',
  tags: ['Messages'],
  auth: 'any',
  scope: 'messages:read',
  params: taskParams,
  body: markReadBody,
  response: readCursorSchema,
  errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
});

export const awaitMessagesOperation = defineOperation({
  method: 'GET',
  path: '/v1/tasks/{id}/messages/await',
  operationId: 'awaitTaskMessages',
  summary: 'Long-poll for the other side’s next messages',
  description:
    'Answers at once with the messages from the other side newer than `sinceMessageId` (oldest first, at most ' +
    `${MAX_AWAIT_MESSAGES}), else waits up to \`timeoutSec\` for one and answers \`{data: []}\` on timeout. Your ` +
    'own messages never wake you. Loop with `sinceMessageId` = the last id you got. Before acceptance: 409 ' +
    'THREAD_NOT_OPEN; once the task ended, the remaining messages are answered, then 409 THREAD_READ_ONLY ' +
    '(nothing new can arrive). 404 when `sinceMessageId` is not in this thread.',
  tags: ['Messages'],
  auth: 'any',
  scope: 'messages:read',
  params: taskParams,
  query: awaitMessagesQuery,
  response: z.array(messageSchema),
  errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'THREAD_NOT_OPEN', 'THREAD_READ_ONLY', 'LIVEMODE_MISMATCH'],
});
