import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { pageQuery } from '../../lib/api/cursor';
import { postMessageBody } from '../../lib/schemas/messages';
import { type Message, messageData, renderMessage, UNTRUSTED_NOTE } from '../render';
import {
  defineTool,
  idempotencyKeyArg,
  newIdempotencyKey,
  success,
  type ToolContext,
  type ToolExtra,
  taskIdArg,
} from '../tool-kit';
import { timeoutSecondsArg, withProgress } from '../wait';

// A task's thread with its worker: read it, write to it, and wait for the worker's next message from a cursor
// (the id of the last message you have), so no message is lost between two waits.

const cursorArg = z
  .uuid()
  .optional()
  .describe(
    'The id of the last message you have (`cursor` of the previous await_message, send_message or list_messages ' +
      'answer). Default: your side’s latest message, so a worker reply to it is returned at once.',
  );

export function registerMessageTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'list_messages', {
    title: 'Read a task’s message thread',
    description:
      'The messages between you and the task’s worker, newest first (`page_cursor` pages to older ones). Works in ' +
      'every status, also after the task ended; 404 for tasks that are not yours. Returns `messages`, `nextCursor` ' +
      `(older page) and \`cursor\` (the newest message id: pass it to await_message). Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({
      task_id: taskIdArg,
      limit: pageQuery.shape.limit,
      page_cursor: pageQuery.shape.cursor,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const query = { limit: args.limit, ...(args.page_cursor ? { cursor: args.page_cursor } : {}) };
      const page = await client.GET('/v1/tasks/{id}/messages', {
        params: { path: { id: args.task_id }, query },
        signal,
      });
      const messages = page.data as Message[];
      const text = messages.length
        ? `${messages.length} message(s), newest first:\n\n${messages.map(renderMessage).join('\n\n')}`
        : 'No messages in this thread yet.';
      return success(
        {
          messages: messages.map(messageData),
          nextCursor: page.nextCursor,
          hasMore: page.hasMore,
          cursor: messages[0]?.id ?? null,
        },
        page.hasMore ? `${text}\n\nOlder messages: call again with page_cursor "${page.nextCursor}".` : text,
      );
    },
  });

  defineTool(server, context, 'send_message', {
    title: 'Send the worker a message',
    description:
      'Posts a message (1 to 5,000 characters) to the task’s thread; the worker is notified. The thread opens when a ' +
      'worker accepts the task (before: THREAD_NOT_OPEN) and turns read-only when the task ends (THREAD_READ_ONLY). ' +
      'Returns the message and `cursor` (its id): pass it to await_message to wait for the reply. Free.',
    input: z.strictObject({
      task_id: taskIdArg,
      body: postMessageBody.shape.body,
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/tasks/{id}/messages', {
        params: { path: { id: args.task_id } },
        body: { body: args.body },
        idempotencyKey,
        signal,
      });
      return success(
        { message: messageData(data), cursor: data.id, idempotencyKey },
        `Sent message ${data.id}. To wait for the reply: await_message with task_id "${args.task_id}" and cursor "${data.id}".`,
      );
    },
  });

  defineTool(server, context, 'await_message', {
    title: 'Wait for the worker’s next message',
    description:
      'Waits (bounded by `timeout_seconds`, default 25, max 50) for messages from the worker newer than `cursor`, ' +
      'and returns them at once if some are already there: `{status: "message", messages (oldest first), cursor}`. ' +
      'When nothing arrives in time: `{status: "waiting", cursor}`; call again with that cursor, as often as needed ' +
      '(no message is lost between calls). Your own messages never wake it. THREAD_NOT_OPEN until a worker accepts ' +
      `the task. Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({
      task_id: taskIdArg,
      cursor: cursorArg,
      timeout_seconds: timeoutSecondsArg,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, extra) => {
      const anchor = args.cursor
        ? { since: args.cursor, pending: [] }
        : await startingPoint(context, args.task_id, extra);
      if (anchor.pending.length) return delivered(anchor.pending);
      const messages = await withProgress(
        extra,
        args.timeout_seconds,
        context.progressIntervalMs,
        'Waiting for the worker',
        async () =>
          (
            await client.GET('/v1/tasks/{id}/messages/await', {
              params: {
                path: { id: args.task_id },
                query: { timeoutSec: args.timeout_seconds, ...(anchor.since ? { sinceMessageId: anchor.since } : {}) },
              },
              signal: extra.signal,
            })
          ).data as Message[],
      );
      if (messages.length) return delivered(messages);
      const cursor = anchor.since ?? null;
      return success(
        { status: 'waiting', cursor },
        `No new message from the worker yet. Call await_message again with task_id "${args.task_id}"` +
          (cursor ? ` and cursor "${cursor}".` : '.'),
      );
    },
  });
}

function delivered(messages: Message[]) {
  const cursor = messages.at(-1)?.id;
  return success(
    { status: 'message', messages: messages.map(messageData), cursor },
    `${messages.map(renderMessage).join('\n\n')}\n\n${UNTRUSTED_NOTE}\nNext: await_message with cursor "${cursor}".`,
  );
}

/**
 * Without a cursor: after your side's latest message. Worker messages newer than it (already in the thread) are
 * returned at once; with no message of yours yet, every worker message so far counts as new.
 */
async function startingPoint(context: ToolContext, taskId: string, extra: ToolExtra) {
  const page = await context.client.GET('/v1/tasks/{id}/messages', {
    params: { path: { id: taskId }, query: { limit: 100 } },
    signal: extra.signal,
  });
  const newestFirst = page.data as Message[];
  const ownIndex = newestFirst.findIndex((message) => message.senderSide === 'requester');
  const newer = ownIndex === -1 ? newestFirst : newestFirst.slice(0, ownIndex);
  const pending = newer.filter((message) => message.senderSide === 'worker').reverse();
  return { since: newestFirst[0]?.id as string | undefined, pending };
}
