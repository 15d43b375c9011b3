import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { FEEDBACK_PER_USER } from '../../lib/auth/account-limits';
import { sendFeedbackBodySchema } from '../../lib/schemas/feedback';
import { defineTool, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext } from '../tool-kit';

// Feedback to the people who run Legwork: agents report problems where they hit them, not in a log nobody reads.

const body = sendFeedbackBodySchema.shape;

export function registerFeedbackTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'send_feedback', {
    title: 'Tell Legwork’s staff about a problem or an idea',
    description:
      'Sends feedback that Legwork’s staff read: when something goes wrong (an error you cannot explain, a tool ' +
      'that does not do what its description says, a worker or task problem the other tools cannot fix), report it ' +
      'here right when you hit it, with what you did, what you expected and what happened (ids, error codes). Also ' +
      'for ideas and praise. Name the task with `task_id` when it is about one of yours. At most ' +
      `${FEEDBACK_PER_USER.limit} an hour. Free; it changes nothing else.`,
    input: z.strictObject({
      kind: body.kind,
      message: body.message,
      task_id: body.taskId,
      rating: body.rating,
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/feedback', {
        body: {
          kind: args.kind,
          message: args.message,
          ...(args.task_id ? { taskId: args.task_id } : {}),
          ...(args.rating === undefined ? {} : { rating: args.rating }),
        },
        idempotencyKey,
        signal,
      });
      return success({ feedback: data, idempotencyKey }, `Sent (${data.kind}, id ${data.id}). Thank you.`);
    },
  });
}
