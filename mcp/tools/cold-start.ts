import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { formatMoney } from '@/lib/format/money';
import type { components } from '../../lib/client';
import { registerAgentOperation } from '../../lib/schemas/claim-codes';
import { proposeTaskOperation } from '../../lib/schemas/cold-start';
import { renderTask, taskData } from '../render';
import { defineTool, failure, idempotencyKeyArg, newIdempotencyKey, success, type ToolContext } from '../tool-kit';
import { deadlineArg, pause, TASK_MODE_NOTE, timeoutSecondsArg, withProgress } from '../wait';
import { defineWaitTool } from '../wait-tool';

type ClaimStatus = components['schemas']['ClaimStatus'];

const claimExpired = () =>
  failure('CLAIM_EXPIRED', 'The claim expired before the human completed it', 'Call propose_task again.');

const stillWaiting = (claimToken: string, who: string) =>
  success(
    { status: 'waiting', cursor: claimToken },
    `${who} has not completed the claim yet. Call await_claim again with claim_token "${claimToken}".`,
  );

// The tools that work without an API key: propose a task for a human to claim and wait for the key, or redeem a
// claim code from an operator's dashboard.

const STORE_KEY =
  'Store this API key now (e.g. as LEGWORK_API_KEY, or as the `Authorization: Bearer` of your MCP connection): it ' +
  'is shown once and cannot be fetched again.';

export function registerColdStartTools(server: McpServer, context: ToolContext) {
  const { client } = context;

  defineTool(server, context, 'propose_task', {
    title: 'Propose a task (no account needed)',
    description:
      'Start here when you have no Legwork API key. Creates a draft task under a new placeholder agent and returns ' +
      '`humanClaimUrl` (give it to your human: they open it, enter an email and a card, and the task is funded and ' +
      'posted to workers) and `claimToken` (your secret: keep it, never show it to the human; pass it to ' +
      'await_claim, which returns your API key once the human has claimed). Costs nothing now; the human pays the ' +
      'budget + 15% fee when claiming. Defaults: budget 2,500 cents, deadline in 7 days, category `other`. The ' +
      'claim expires after 7 days. Rate limited per IP.',
    input: z.strictObject({
      task: proposeTaskOperation.body.shape.task.describe(
        'The task: `title` (required), `description`, `category`, `location` {lat, lng, address} (absent = ' +
          'remote), `budgetCents`, `deadline` (ISO-8601), `requiredSkills`, `proofRequirements`, `instructions` ' +
          '(private to the assigned worker).',
      ),
      requester_email: proposeTaskOperation.body.shape.requesterEmail,
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    needsApiKey: false,
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const body = { task: args.task, ...(args.requester_email ? { requesterEmail: args.requester_email } : {}) };
      const { data } = await client.POST('/v1/tasks/propose', { body, idempotencyKey, signal });
      const text = [
        `Proposed: ${renderTask(data.task)}`,
        `Send your human this link to claim and pay (${formatMoney(data.task.totalCents)}): ${data.humanClaimUrl}`,
        `Then call await_claim with claim_token "${data.claimToken}" (secret: do not share it). The claim expires ${data.claimExpiresAt}.`,
      ].join('\n');
      return success(
        {
          task: taskData(data.task),
          humanClaimUrl: data.humanClaimUrl,
          claimToken: data.claimToken,
          claimExpiresAt: data.claimExpiresAt,
          idempotencyKey,
        },
        text,
      );
    },
  });

  defineWaitTool(server, context, 'await_claim', {
    title: 'Wait for the human to claim a proposed task',
    description:
      'After propose_task: waits (bounded by `timeout_seconds`) until your human has completed the claim page, then ' +
      'returns your new API key (status `claimed`). From then on this MCP session uses that key for every tool; ' +
      'store it yourself too, it is shown once. When the human has not finished in time it returns ' +
      '`{status: "waiting", cursor}`: call await_claim again with the same claim token (the cursor), as often as ' +
      `needed. ${TASK_MODE_NOTE} Its result is the same \`claimed\` answer (the key is in the first result read; ` +
      'later reads say `apiKeyDelivered: true`), or `waiting` once `deadline` passed. Errors: CLAIM_NOT_FOUND (unknown ' +
      'token), CLAIM_EXPIRED (7 days passed unclaimed: propose again). Read-only apart from delivering the key; free.',
    input: z.strictObject({
      claim_token: z
        .string()
        .min(1)
        .describe('`claimToken` from propose_task (also accepted as `cursor` from a waiting answer).'),
      timeout_seconds: timeoutSecondsArg,
      deadline: deadlineArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    needsApiKey: false,
    kind: 'claim',
    waitFor: (args) => ({
      kind: 'claim',
      claimToken: args.claim_token,
      ...(args.deadline ? { deadline: args.deadline } : {}),
    }),
    render: async (wait, handle, signal) => {
      if (wait.status === 'failed') return claimExpired();
      const claimToken = handle.claimToken ?? '';
      if (wait.result?.outcome !== 'claimed') return stillWaiting(claimToken, 'The deadline passed: the human');
      const { data } = await client.GET('/v1/agents/claim/{claimToken}', {
        params: { path: { claimToken } },
        signal,
      });
      return claimAnswer(data) ?? stillWaiting(claimToken, 'The human');
    },
    run: async (args, extra) => {
      const claimToken = args.claim_token;
      const deadline = Date.now() + args.timeout_seconds * 1000;
      const poll = () =>
        client.GET('/v1/agents/claim/{claimToken}', { params: { path: { claimToken } }, signal: extra.signal });
      return withProgress(
        extra,
        args.timeout_seconds,
        context.progressIntervalMs,
        'Waiting for the human',
        async () => {
          for (;;) {
            const { data } = await poll();
            if (data.status === 'expired') return claimExpired();
            const answer = claimAnswer(data);
            if (answer) return answer;
            const left = deadline - Date.now();
            if (left <= 0 || extra.signal.aborted) return stillWaiting(claimToken, 'The human');
            await pause(Math.min(context.pollIntervalMs, left), extra.signal);
          }
        },
      );
    },
  });

  /** A claimed poll as the tool's answer (switching this session to the key it carries); undefined while pending. */
  function claimAnswer(data: ClaimStatus) {
    if (data.status === 'claimed' && data.apiKey) {
      client.setApiKey(data.apiKey.key);
      return success(
        { status: 'claimed', apiKey: data.apiKey, agent: data.agent, taskId: data.taskId },
        `Claimed: the task ${data.taskId} is funded and posted. Your API key: ${data.apiKey.key}\n${STORE_KEY}\n` +
          'This MCP session now uses it for every tool.',
      );
    }
    if (data.status === 'claimed') {
      return success(
        { status: 'claimed', apiKeyDelivered: true, agent: data.agent, taskId: data.taskId },
        'Claimed, but the API key was already handed out by an earlier call and cannot be shown again. Use the ' +
          'key you stored; if it is lost, your human can create a new one on the dashboard.',
      );
    }
    return undefined;
  }

  defineTool(server, context, 'register_agent', {
    title: 'Register with a claim code',
    description:
      'Use when your operator gave you a claim code (e.g. `ABCD-EFGH`, minted on their dashboard, valid 15 minutes, ' +
      'single use). Creates your agent account under that operator and returns its API key; this MCP session uses ' +
      'it from then on. Store the key: it is shown once. Free. Rate limited per IP.',
    input: z.strictObject({
      code: registerAgentOperation.body.shape.code,
      name: registerAgentOperation.body.shape.name,
      idempotency_key: idempotencyKeyArg,
    }),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    needsApiKey: false,
    run: async (args, { signal }) => {
      const idempotencyKey = newIdempotencyKey(args.idempotency_key);
      const { data } = await client.POST('/v1/agents/register', {
        body: { code: args.code, name: args.name },
        idempotencyKey,
        signal,
      });
      client.setApiKey(data.apiKey.key);
      return success(
        { agent: data.agent, apiKey: data.apiKey, claimUrl: data.claimUrl, idempotencyKey },
        `Registered as agent ${data.agent.name} (${data.agent.id}). Your API key: ${data.apiKey.key}\n${STORE_KEY}`,
      );
    },
  });
}
