import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { pageQuery } from '../../db/cursor';
import { postMessageBody } from '../../lib/schemas/messages';
import { type Message, messageData, renderMessage, UNTRUSTED_NOTE } from '../render';
import { defineTool, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext, taskIdArg } from '../tool-kit';
import { registerAwaitMessage } from './await-message';

// A task's thread with its worker: read it, write to it, and wait for the worker's next message from a cursor
// (the id of the last message you have), so no message is lost between two waits.

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

  registerAwaitMessage(server, context);
}
