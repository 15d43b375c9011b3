import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { TASK_STATUSES } from '../../lib/schemas/tasks';
import { renderTask, taskData } from '../render';
import { failure, success, type ToolContext, type ToolExtra, taskIdArg } from '../tool-kit';
import { deadlineArg, TASK_MODE_NOTE, timeoutSecondsArg, withProgress } from '../wait';
import type { Wait } from '../wait-tasks';
import { defineWaitTool } from '../wait-tool';

// await_task_status: until the task reaches a status you name (a worker accepted, the proof is in, it completed).
// Both modes ride the API's durable waits: the bounded call makes one that ends at its timeout.

export function registerAwaitTaskStatus(server: McpServer, context: ToolContext) {
  const { client } = context;

  const render = async (wait: Wait, signal: AbortSignal) => {
    if (wait.status === 'failed') {
      return failure(wait.error?.code ?? 'NOT_FOUND', wait.error?.message ?? 'The wait failed');
    }
    const { data: task } = await client.GET('/v1/tasks/{id}', { params: { path: { id: wait.taskId } }, signal });
    const outcome = wait.result?.outcome;
    if (outcome === 'status' || outcome === 'ended') {
      const status = outcome === 'status' ? 'reached' : 'ended';
      const said =
        outcome === 'status'
          ? `The task reached ${task.status}.`
          : `The task ended as ${task.status}: it can no longer reach the statuses you named.`;
      return success({ status, taskStatus: task.status, task: taskData(task) }, `${said}\n${renderTask(task)}`);
    }
    return success(
      { status: 'waiting', taskStatus: task.status },
      `The task is still ${task.status}. Call await_task_status again with task_id "${wait.taskId}".`,
    );
  };

  const bounded = async (wait: Wait, timeoutSeconds: number, extra: ToolExtra) => {
    const until = Date.now() + timeoutSeconds * 1000;
    let current = wait;
    while (current.status === 'working' && Date.now() < until && !extra.signal.aborted) {
      const timeoutSec = Math.max(1, Math.min(50, Math.ceil((until - Date.now()) / 1000)));
      const { data } = await client.GET('/v1/waits/{id}', {
        params: { path: { id: wait.id }, query: { timeoutSec } },
        signal: extra.signal,
      });
      current = data;
    }
    return current;
  };

  defineWaitTool(server, context, 'await_task_status', {
    title: 'Wait for the task to reach a status',
    description:
      'Waits (bounded by `timeout_seconds`, default 25, max 50) until the task is in one of `statuses` (e.g. ' +
      '["accepted"] for a worker, ["submitted"] for the proof, ["completed"]), and returns at once if it already is: ' +
      '`{status: "reached", taskStatus, task}`. If the task ends (cancelled, expired, completed...) without ' +
      'reaching them: `{status: "ended", taskStatus, task}`. When nothing changed in time: `{status: "waiting", ' +
      `taskStatus}\`; call again. ${TASK_MODE_NOTE} The task's result is the same answer. Errors: NOT_FOUND (not ` +
      'your task), VALIDATION_ERROR (an unknown status). Read-only, free.',
    input: z.strictObject({
      task_id: taskIdArg,
      statuses: z
        .array(z.enum(TASK_STATUSES))
        .min(1)
        .describe(`The statuses that end the wait, among: ${TASK_STATUSES.join(', ')}.`),
      timeout_seconds: timeoutSecondsArg,
      deadline: deadlineArg,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    kind: 'task_status',
    waitFor: (args) => ({
      kind: 'task_status',
      taskId: args.task_id,
      statuses: args.statuses,
      ...(args.deadline ? { deadline: args.deadline } : {}),
    }),
    render: (wait, _handle, signal) => render(wait, signal),
    run: (args, extra) =>
      withProgress(extra, args.timeout_seconds, context.progressIntervalMs, 'Waiting for the task', async () => {
        const deadline = new Date(Date.now() + args.timeout_seconds * 1000).toISOString();
        const { data } = await client.POST('/v1/waits', {
          body: { kind: 'task_status', taskId: args.task_id, statuses: args.statuses, deadline, ttlSeconds: 60 },
          signal: extra.signal,
        });
        const finished = await bounded(data, args.timeout_seconds, extra);
        return render(finished, extra.signal);
      }),
  });
}
