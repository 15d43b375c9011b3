import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TestJson } from '../../test/json';
import { expect } from '../fixtures';
import { enterTestCard, payClaim } from '../ui/steps';

// Steps shared by the MCP specs (stdio and HTTP): a tool call read back as structured content, the human side of
// a claim in the browser, and the sandbox worker acting through the API.

export type ToolAnswer = { isError?: boolean; structured: Record<string, TestJson>; text: string };

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  onprogress?: (progress: number) => void,
): Promise<ToolAnswer> {
  const result = (await client.callTool(
    { name, arguments: args },
    undefined,
    onprogress ? { onprogress: (update) => onprogress(update.progress), timeout: 70_000 } : { timeout: 70_000 },
  )) as CallToolResult;
  const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return { isError: result.isError, structured: (result.structuredContent ?? {}) as Record<string, TestJson>, text };
}

/** The human opens the claim link, gives a new email and the 4242 test card, and pays: the task is posted. */
export async function claimAsHuman(page: Page, humanClaimUrl: string): Promise<void> {
  await page.goto(humanClaimUrl);
  await page.getByLabel('Your email').fill(`e2e-mcp-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/test-processor\/setup\/seti_test_/);
  await enterTestCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('claim-card')).toContainText('4242');
  await payClaim(page);
  await expect(page.getByTestId('claim-done')).toBeVisible();
}

/** POST /v1/sandbox/tasks/{id}/simulate: the built-in sandbox worker accepts, messages, submits or withdraws. */
export async function sandboxWorker(
  request: APIRequestContext,
  apiKey: string,
  taskId: string,
  action: 'accept' | 'message' | 'submit' | 'withdraw',
  body?: string,
) {
  const res = await request.post(`/v1/sandbox/tasks/${taskId}/simulate`, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { action, ...(body ? { body } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { task: { status: string }; message?: { id: string; body: string } };
}

/**
 * The loop once the agent has its key and the task is posted: the sandbox worker accepts; the agent writes; a
 * wait shorter than the reply answers `waiting` with a cursor; the worker replies; the wait from that cursor
 * returns the reply; a wait already running when the next reply comes wakes with it.
 */
export async function messageLoop(request: APIRequestContext, client: Client, apiKey: string, taskId: string) {
  await sandboxWorker(request, apiKey, taskId, 'accept');
  const sent = await callTool(client, 'send_message', { task_id: taskId, body: 'Please photograph the price tags.' });
  expect(sent.isError, sent.text).toBeFalsy();
  const cursor = sent.structured.cursor as string;

  const idle = await callTool(client, 'await_message', { task_id: taskId, cursor, timeout_seconds: 1 });
  expect(idle.structured).toEqual({ status: 'waiting', cursor });

  const first = await sandboxWorker(request, apiKey, taskId, 'message', 'On my way, 10 minutes.');
  const got = await callTool(client, 'await_message', { task_id: taskId, cursor });
  expect(got.structured).toMatchObject({
    status: 'message',
    cursor: first.message?.id,
    messages: [{ body: 'On my way, 10 minutes.', senderSide: 'worker', untrustedWorkerText: true }],
  });
  expect(got.text).toContain('<untrusted-worker-text>\nOn my way, 10 minutes.\n</untrusted-worker-text>');

  const waiting = callTool(client, 'await_message', { task_id: taskId, cursor: got.structured.cursor });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const second = await sandboxWorker(request, apiKey, taskId, 'message', 'Done, the photos are coming.');
  expect((await waiting).structured).toMatchObject({ status: 'message', cursor: second.message?.id });
}
