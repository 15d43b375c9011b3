import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { LegworkApiError } from '../../lib/client';
import { type Message, messageData, renderMessage, UNTRUSTED_NOTE } from '../render';
import { failure, success, type ToolContext, type ToolExtra, taskIdArg } from '../tool-kit';
import { deadlineArg, pause, TASK_MODE_NOTE, timeoutSecondsArg, withProgress } from '../wait';
import type { Wait as DurableWait } from '../wait-tasks';
import { defineWaitTool } from '../wait-tool';

// await_message: the worker's next messages after a cursor (the id of the last message you have, the API's
// `sinceMessageId`), within a bound. While the task is still `posted` (no worker yet, so no thread) it waits for
// the acceptance too, instead of failing: a model can call it right after create_task.

const cursorArg = z
  .uuid()
  .optional()
  .describe(
    'The id of the last message you have (`cursor` of the previous await_message, send_message or list_messages ' +
      'answer). Default: your side’s latest message, so a worker reply to it is returned at once.',
  );

export function registerAwaitMessage(server: McpServer, context: ToolContext) {
  defineWaitTool(server, context, 'await_message', {
    title: 'Wait for the worker’s next message',
    description:
      'Waits (bounded by `timeout_seconds`, default 25, max 50) for messages from the worker newer than `cursor`, ' +
      'and returns them at once if some are already there: `{status: "message", messages (oldest first), cursor}`. ' +
      'When nothing arrives in time: `{status: "waiting", cursor}`; call again with that cursor, as often as needed ' +
      '(no message is lost between calls). Your own messages never wake it. While no worker has accepted the task ' +
      'yet it waits for that too (`taskStatus: "posted"` in a waiting answer). ' +
      `${TASK_MODE_NOTE} The task's result is the same \`message\` answer; \`waiting\` if \`deadline\` passed first; ` +
      '`{status: "ended", taskStatus}` if the task ended with no new message. Errors: NOT_FOUND (not your task or ' +
      'cursor), FORBIDDEN (the key lacks messages:read), THREAD_READ_ONLY (bounded mode, the task ended). ' +
      `Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({
      task_id: taskIdArg,
      cursor: cursorArg,
      timeout_seconds: timeoutSecondsArg,
      deadline: deadlineArg,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    kind: 'message',
    waitFor: (args) => ({
      kind: 'message',
      taskId: args.task_id,
      ...(args.cursor ? { sinceMessageId: args.cursor } : {}),
      ...(args.deadline ? { deadline: args.deadline } : {}),
    }),
    render: async (wait) => renderMessageWait(wait),
    run: (args, extra) => {
      const deadline = Date.now() + args.timeout_seconds * 1000;
      const wait = { taskId: args.task_id, cursor: args.cursor, deadline };
      return withProgress(extra, args.timeout_seconds, context.progressIntervalMs, 'Waiting for the worker', () =>
        waitForMessages(context, wait, extra),
      );
    },
  });
}

type Wait = { taskId: string; cursor: string | undefined; deadline: number };

async function waitForMessages(context: ToolContext, wait: Wait, extra: ToolExtra) {
  let retriedAfterAcceptance = false;
  for (;;) {
    try {
      return await awaitOnce(context, wait, extra);
    } catch (error) {
      if (!(error instanceof LegworkApiError && error.code === 'THREAD_NOT_OPEN')) throw error;
      // Only a posted task opens its thread by itself (a draft must be published): else the API's error stands,
      // as it does for a key that may read messages but not tasks.
      const task = await context.client
        .GET('/v1/tasks/{id}', { params: { path: { id: wait.taskId } }, signal: extra.signal })
        .then(
          ({ data }) => data,
          () => undefined,
        );
      // Accepted between the two calls: the thread is open now.
      if (task?.workerId && !retriedAfterAcceptance) {
        retriedAfterAcceptance = true;
        continue;
      }
      if (task?.status !== 'posted') throw error;
      const left = wait.deadline - Date.now();
      if (left <= 0 || extra.signal.aborted) {
        return success(
          { status: 'waiting', cursor: wait.cursor ?? null, taskStatus: task.status },
          `No worker has accepted the task yet. Call await_message again with task_id "${wait.taskId}".`,
        );
      }
      await pause(Math.min(context.pollIntervalMs, left), extra.signal);
    }
  }
}

async function awaitOnce(context: ToolContext, wait: Wait, extra: ToolExtra) {
  const anchor = wait.cursor ? { since: wait.cursor, pending: [] } : await startingPoint(context, wait.taskId, extra);
  if (anchor.pending.length) return delivered(anchor.pending);
  const timeoutSec = Math.max(1, Math.ceil((wait.deadline - Date.now()) / 1000));
  const { data } = await context.client.GET('/v1/tasks/{id}/messages/await', {
    params: {
      path: { id: wait.taskId },
      query: { timeoutSec, ...(anchor.since ? { sinceMessageId: anchor.since } : {}) },
    },
    signal: extra.signal,
  });
  const messages = data as Message[];
  if (messages.length) return delivered(messages);
  // An empty thread gave no anchor, and the API then waits only for messages after its call began: one posted
  // just before that is in the thread now.
  if (!anchor.since) {
    const late = await startingPoint(context, wait.taskId, extra);
    if (late.pending.length) return delivered(late.pending);
  }
  const cursor = anchor.since ?? null;
  return success(
    { status: 'waiting', cursor },
    `No new message from the worker yet. Call await_message again with task_id "${wait.taskId}"` +
      (cursor ? ` and cursor "${cursor}".` : '.'),
  );
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

/** A finished message wait (MCP Tasks mode), answered as the bounded call answers. */
function renderMessageWait(wait: DurableWait) {
  if (wait.status === 'failed')
    return failure(wait.error?.code ?? 'NOT_FOUND', wait.error?.message ?? 'The wait failed');
  const result = wait.result;
  if (result?.outcome === 'message' && result.messages?.length) return delivered(result.messages);
  const cursor = result?.cursor ?? null;
  if (result?.outcome === 'ended') {
    return success(
      { status: 'ended', cursor, taskStatus: result.taskStatus },
      `The task is ${result.taskStatus}: no new message can arrive. Call get_task for its state.`,
    );
  }
  return success(
    { status: 'waiting', cursor },
    `The deadline passed with no new message from the worker. Call await_message again with task_id "${wait.taskId}"` +
      (cursor ? ` and cursor "${cursor}".` : '.'),
  );
}
