import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { pageQuery } from '../../db/cursor';
import { formatMoney } from '../../lib/format/money';
import { createTaskBodySchema, listTasksOperation, requestRevisionOperation } from '../../lib/schemas/task-actions';
import { TIP_RULES, tipBodySchema } from '../../lib/schemas/tips';
import { renderTask, type Task, taskData, UNTRUSTED_NOTE } from '../render';
import { defineTool, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext, taskIdArg } from '../tool-kit';
import { payableCall, paymentOptions } from '../x402-meta';
import { registerTaskProofTool } from './task-proof';

// Tasks as the requester: create (and pay), look, list, and the requester's transitions.

const STATUS_HINT =
  'A status that does not allow the action answers INVALID_TRANSITION: call get_task and branch on `status`.';

export function registerTaskTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'create_task', {
    title: 'Create and fund a task',
    description:
      'Creates a task and pays for it at once, so it is `posted` to nearby workers when this returns (with ' +
      '`draft: true`: an unfunded draft instead, free, to fund later with publish_task). COSTS MONEY: the budget ' +
      `plus the platform’s 15% fee. ${paymentOptions('/v1/tasks')} Returns {task, idempotencyKey} (keep ` +
      '`task.id`). Other errors: VALIDATION_ERROR, CONFLICT. A cancelled task is refunded. Use the same ' +
      '`idempotency_key` when retrying so you are never charged twice.',
    input: z.strictObject({
      task: createTaskBodySchema.describe(
        'The task: `title`, `budgetCents` (what the worker earns, 500 to 1,000,000), and optionally ' +
          '`description`, `category`, `location` {lat, lng, address} (absent = remote), `deadline` (ISO-8601, at ' +
          'most 30 days ahead), `requiredSkills`, `proofRequirements`, `instructions` (private to the worker), `draft`.',
      ),
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, extra) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      return payableCall(extra, async (payment) => {
        const { data } = await client.POST('/v1/tasks', {
          body: args.task,
          idempotencyKey,
          signal: extra.signal,
          ...payment,
        });
        return success({ task: taskData(data), idempotencyKey }, `Created: ${renderTask(data)}`);
      });
    },
  });

  defineTool(server, context, 'publish_task', {
    title: 'Fund a draft and post it',
    description:
      'Pays for a `draft` (from create_task with `draft: true`) and posts it to nearby workers: it is `posted` ' +
      `when this returns. COSTS MONEY: the budget plus the platform’s 15% fee. ` +
      `${paymentOptions('/v1/tasks/{id}/publish')} Returns {task, idempotencyKey}. Other errors: NOT_FOUND, ` +
      `FORBIDDEN, CONFLICT. ${STATUS_HINT} Use the same \`idempotency_key\` when retrying so you are never ` +
      'charged twice.',
    input: z.strictObject({ task_id: taskIdArg, idempotency_key: idempotencyKeyArg }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, extra) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      return payableCall(extra, async (payment) => {
        const { data } = await client.POST('/v1/tasks/{id}/publish', {
          params: { path: { id: args.task_id } },
          idempotencyKey,
          signal: extra.signal,
          ...payment,
        });
        return success({ task: taskData(data), idempotencyKey }, `Posted: ${renderTask(data)}`);
      });
    },
  });

  defineTool(server, context, 'get_task', {
    title: 'Get a task',
    description:
      'A task with its status (draft, posted, accepted, submitted, completed, cancelled, expired, disputed, ' +
      'resolved), money, assigned worker and the worker’s latest proof (note, photo URLs, location). Use it to ' +
      `decide the next step: approve_task or request_revision once \`submitted\`. Read-only, free. ${UNTRUSTED_NOTE}`,
    input: z.strictObject({ task_id: taskIdArg }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const { data } = await client.GET('/v1/tasks/{id}', { params: { path: { id: args.task_id } }, signal });
      return success({ task: taskData(data) }, renderTask(data));
    },
  });

  defineTool(server, context, 'list_tasks', {
    title: 'List your tasks',
    description:
      'Your tasks, newest first, optionally filtered by `status` (comma-separated) and `role`. Paginated: pass ' +
      '`nextCursor` back as `page_cursor`. Returns `tasks`, `nextCursor`, `hasMore`. Read-only, free.',
    input: z.strictObject({
      status: listTasksOperation.query.shape.status,
      role: listTasksOperation.query.shape.role,
      limit: pageQuery.shape.limit,
      page_cursor: pageQuery.shape.cursor,
    }),
    annotations: { readOnlyHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const query = {
        limit: args.limit,
        ...(args.status ? { status: args.status.join(',') } : {}),
        ...(args.role ? { role: args.role } : {}),
        ...(args.page_cursor ? { cursor: args.page_cursor } : {}),
      };
      const page = await client.GET('/v1/tasks', { params: { query }, signal });
      const tasks = page.data as Task[];
      const lines = tasks.map(renderTask);
      if (page.hasMore) lines.push(`More: call again with page_cursor "${page.nextCursor}".`);
      return success(
        { tasks: tasks.map(taskData), nextCursor: page.nextCursor, hasMore: page.hasMore },
        lines.length ? lines.join('\n\n') : 'No tasks match.',
      );
    },
  });

  const action = (
    name: string,
    path: '/v1/tasks/{id}/approve',
    title: string,
    description: string,
    destructive: boolean,
  ) =>
    defineTool(server, context, name, {
      title,
      description: `${description} ${STATUS_HINT} Returns the task as it now is.`,
      input: z.strictObject({ task_id: taskIdArg, idempotency_key: idempotencyKeyArg }),
      annotations: { readOnlyHint: false, destructiveHint: destructive, idempotentHint: true },
      run: async (args, { signal }) => {
        const idempotencyKey = newIdempotencyKey(args.idempotency_key);
        const { data } = await client.POST(path, { params: { path: { id: args.task_id } }, idempotencyKey, signal });
        return success({ task: taskData(data), idempotencyKey }, renderTask(data));
      },
    });

  defineTool(server, context, 'cancel_task', {
    title: 'Cancel a task',
    description:
      'Cancels a `draft`, `posted` or `accepted` task; the money goes back where it came from. An accepted task ' +
      'is refunded in full within the free minutes after acceptance or once its worker is a no-show; otherwise ' +
      'the worker keeps the late-cancel fee (get_task shows `cancellationPolicy.ifCancelledNow` first). Pass ' +
      '`max_fee_cents` (0 for "only if free") and a larger fee is refused, nothing moved. Returns the task and ' +
      `\`fee_cents\`, what the worker got. ${STATUS_HINT}`,
    input: z.strictObject({
      task_id: taskIdArg,
      max_fee_cents: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('The most the worker may get; omit to accept any fee.'),
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/tasks/{id}/cancel', {
        params: { path: { id: args.task_id } },
        body: args.max_fee_cents === undefined ? {} : { maxFeeCents: args.max_fee_cents },
        idempotencyKey,
        signal,
      });
      const feeCents = data.cancellationFeeCents ?? 0;
      const fee = feeCents > 0 ? ` The worker got a ${feeCents}-cent cancellation fee; the rest is refunded.` : '';
      return success({ task: taskData(data), fee_cents: feeCents, idempotencyKey }, `${renderTask(data)}${fee}`);
    },
  });
  action(
    'approve_task',
    '/v1/tasks/{id}/approve',
    'Approve the proof and pay the worker',
    'Accepts the worker’s proof of a `submitted` task: the task completes and the worker is paid the budget ' +
      '(irreversible; if the worker cannot receive payouts yet, their pay is held and sent once they can). Check ' +
      'the proof with get_task first.',
    true,
  );

  defineTool(server, context, 'tip_worker', {
    title: 'Tip the worker of a completed task',
    description:
      'Adds a tip for the worker of a `completed` task, at most 30 days after it completed: all of it goes to the ' +
      `worker (no fee). COSTS MONEY: \`amount_cents\` (at least ${TIP_RULES.minCents}; the task’s tips together at ` +
      `most its budget). ${paymentOptions('/v1/tasks/{id}/tip')} Returns {tip, idempotencyKey}. Other errors: ` +
      'TASK_NOT_COMPLETED, TIP_WINDOW_CLOSED, TIP_EXCEEDS_BUDGET (`details.remainingCents`), NOT_FOUND, FORBIDDEN. ' +
      'Use the same `idempotency_key` when retrying so you never tip twice.',
    input: z.strictObject({
      task_id: taskIdArg,
      amount_cents: tipBodySchema.shape.amountCents,
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, extra) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      return payableCall(extra, async (payment) => {
        const { data } = await client.POST('/v1/tasks/{id}/tip', {
          params: { path: { id: args.task_id } },
          body: { amountCents: args.amount_cents },
          idempotencyKey,
          signal: extra.signal,
          ...payment,
        });
        return success({ tip: data, idempotencyKey }, `Tipped ${formatMoney(data.amountCents)} (${data.source}).`);
      });
    },
  });

  defineTool(server, context, 'request_revision', {
    title: 'Send the proof back for a revision',
    description:
      `Rejects the proof of a \`submitted\` task and asks the worker to redo it (at most twice per task); the task ` +
      `goes back to \`accepted\`. Say what is missing in \`reason\` (required). No money moves. ${STATUS_HINT}`,
    input: z.strictObject({
      task_id: taskIdArg,
      reason: requestRevisionOperation.body.shape.reason.describe('What the worker should fix; shown to them.'),
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/tasks/{id}/request-revision', {
        params: { path: { id: args.task_id } },
        body: { reason: args.reason },
        idempotencyKey,
        signal,
      });
      return success({ task: taskData(data), idempotencyKey }, renderTask(data));
    },
  });

  registerTaskProofTool(server, context);
}
