import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from '../fixtures';
import { callTool, claimAsHuman, messageLoop } from './mcp-steps';

// The stdio server as an MCP client starts it (the `legwork-mcp` bin, no API key), against the running app: the
// cold start through the human claim, then the message loop with the sandbox worker.

test('stdio: propose_task, the human claims, await_claim returns the key, then messages with the sandbox worker', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.resolve('mcp/bin/legwork-mcp.mjs')],
    env: { ...(process.env as Record<string, string>), LEGWORK_BASE_URL: baseURL ?? '', LEGWORK_API_KEY: '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'e2e-stdio', version: '1.0.0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('await_message');

    const refused = await callTool(client, 'list_tasks', {});
    expect(refused.structured.error).toMatchObject({ code: 'UNAUTHORIZED' });

    const proposal = await callTool(client, 'propose_task', {
      task: { title: 'Photograph the shelf at aisle 4', budgetCents: 1_000 },
    });
    expect(proposal.isError, proposal.text).toBeFalsy();
    const { claimToken, humanClaimUrl, task } = proposal.structured;

    const waiting = await callTool(client, 'await_claim', { claim_token: claimToken, timeout_seconds: 1 });
    expect(waiting.structured).toEqual({ status: 'waiting', cursor: claimToken });

    // The next wait is already running when the human finishes the claim page.
    const claim = callTool(client, 'await_claim', { claim_token: waiting.structured.cursor, timeout_seconds: 50 });
    await claimAsHuman(page, humanClaimUrl);
    const claimed = await claim;
    expect(claimed.structured).toMatchObject({ status: 'claimed', taskId: task.id });
    const apiKey = claimed.structured.apiKey.key as string;
    expect(apiKey).toMatch(/^lgw_/);

    // The session now uses the key.
    const posted = await callTool(client, 'get_task', { task_id: task.id });
    expect(posted.structured.task).toMatchObject({ id: task.id, status: 'posted' });

    await messageLoop(request, client, apiKey, task.id);
  } finally {
    await client.close();
  }
});
