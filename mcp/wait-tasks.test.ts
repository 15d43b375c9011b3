import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { agentWaits } from '@/db/schema';
import { completeClaim } from '@/lib/services/claims/complete-claim';
import { proposeTask } from '@/test/cold-start';
import { insertApiKey } from '@/test/factories';
import { posted, sleep } from '@/test/messages';
import { payerWithCard, paymentsSetup, withoutStripe } from '@/test/payments';
import { callAction } from '@/test/tasks';
import { connectTools } from './testing/connect';
import { refusal, startTask, taskResult } from './testing/wait-tasks';
import { waitThread } from './testing/wait-thread';

// MCP Tasks for the waits on humans, through the SDK's client: the handle at once, the result when the human
// acts, read by another server (a restart in between), and refused to every other credential.
withoutStripe();

describe('await_message as an MCP task', () => {
  it('answers a handle at once; tasks/result holds until the worker writes, and a fresh server reads it', async () => {
    const { parties, task } = await waitThread();
    const first = await connectTools({ apiKey: parties.agent.token });
    const started = performance.now();
    const handle = await startTask(first.mcp, 'await_message', { task_id: task.id });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(handle).toMatchObject({ status: 'working', ttl: 600_000, pollInterval: 5_000 });
    expect((await first.mcp.experimental.tasks.getTask(handle.taskId)).status).toBe('working');
    // The server that made it goes away: nothing of the task lived in it.
    await first.close();

    const second = await connectTools({ apiKey: parties.agent.token });
    const result = taskResult(second.mcp, handle.taskId);
    await sleep(300);
    const message = await posted(parties.worker.token, task.id, 'At the door now');
    const answer = await result;
    expect(answer.structuredContent).toMatchObject({ status: 'message', cursor: message.id });
    expect(answer.structuredContent.messages).toEqual([expect.objectContaining({ id: message.id })]);
    expect(answer._meta?.['io.modelcontextprotocol/related-task']).toEqual({ taskId: handle.taskId });
    expect((await second.mcp.experimental.tasks.getTask(handle.taskId)).status).toBe('completed');
    await second.close();
  });

  it('refuses a handle of another key, a made-up one and an expired one with a clear error, never a hang', async () => {
    const { parties, task } = await waitThread();
    const owner = await connectTools({ apiKey: parties.agent.token });
    const handle = await startTask(owner.mcp, 'await_message', { task_id: task.id });
    const { db } = await getDatabase();
    const { key: otherKey } = await insertApiKey(db, {
      userId: parties.agent.id,
      mode: 'test',
      scopes: ['tasks:read', 'messages:read'],
    });
    const other = await connectTools({ apiKey: otherKey });
    for (const taskId of [handle.taskId, crypto.randomUUID(), 'not-a-handle']) {
      const started = performance.now();
      expect(await refusal(other.mcp.experimental.tasks.getTask(taskId))).toMatch(/Task not found/);
      expect(await refusal(other.mcp.experimental.tasks.getTaskResult(taskId))).toMatch(/Task not found/);
      expect(await refusal(other.mcp.experimental.tasks.cancelTask(taskId))).toMatch(/not found/i);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    await db.update(agentWaits).set({ expiresAt: sql`now()` }).where(eq(agentWaits.id, handle.taskId));
    expect(await refusal(owner.mcp.experimental.tasks.getTask(handle.taskId))).toMatch(/Task not found/);
    await Promise.all([owner.close(), other.close()]);
  });

  it('honours tasks/cancel: the task is cancelled and a later message does not finish it', async () => {
    const { parties, task } = await waitThread();
    const { mcp, close } = await connectTools({ apiKey: parties.agent.token });
    const handle = await startTask(mcp, 'await_message', { task_id: task.id });
    const cancelled = await mcp.experimental.tasks.cancelTask(handle.taskId);
    expect(cancelled.status).toBe('cancelled');
    await posted(parties.worker.token, task.id, 'Hello?');
    expect((await mcp.experimental.tasks.getTask(handle.taskId)).status).toBe('cancelled');
    expect(await refusal(mcp.experimental.tasks.getTaskResult(handle.taskId))).toMatch(/cancelled/);
    expect(await refusal(mcp.experimental.tasks.cancelTask(handle.taskId))).toMatch(/terminal/);
    await close();
  });

  it('completes `waiting` at the caller’s deadline; a plain call still gets the bounded wait', async () => {
    const { parties, task } = await waitThread();
    const { mcp, call, close } = await connectTools({ apiKey: parties.agent.token });
    const deadline = new Date(Date.now() + 1_500).toISOString();
    const handle = await startTask(mcp, 'await_message', { task_id: task.id, deadline });
    const answer = await taskResult(mcp, handle.taskId);
    expect(answer.structuredContent).toMatchObject({ status: 'waiting' });
    const plain = await call('await_message', { task_id: task.id, timeout_seconds: 1 });
    expect(plain.structuredContent).toMatchObject({ status: 'waiting' });
    expect(plain._meta?.['io.modelcontextprotocol/related-task']).toBeUndefined();
    await close();
  });
});

describe('await_task_status', () => {
  it('as a task, completes when the worker withdraws and the task is posted again; bounded, answers at once', async () => {
    const { parties, task } = await waitThread();
    const { mcp, call, close } = await connectTools({ apiKey: parties.agent.token });
    const handle = await startTask(mcp, 'await_task_status', { task_id: task.id, statuses: ['posted'] });
    const result = taskResult(mcp, handle.taskId);
    await sleep(300);
    expect((await callAction('withdraw', task.id, parties.worker.token)).status).toBe(200);
    expect((await result).structuredContent).toMatchObject({ status: 'reached', taskStatus: 'posted' });

    const now = await call('await_task_status', { task_id: task.id, statuses: ['posted', 'accepted'] });
    expect(now.structuredContent).toMatchObject({ status: 'reached', taskStatus: 'posted' });
    const idle = await call('await_task_status', { task_id: task.id, statuses: ['completed'], timeout_seconds: 1 });
    expect(idle.structuredContent).toEqual({ status: 'waiting', taskStatus: 'posted' });
    const bad = await call('await_task_status', { task_id: task.id, statuses: ['done'] });
    expect(bad.isError).toBe(true);
    await close();
  });
});

describe('await_claim as an MCP task', () => {
  it('needs no key: the handle carries the claim, and the result delivers the key once the human paid', async () => {
    const { db, processor } = await paymentsSetup();
    const proposal = await proposeTask();
    const { mcp, call, close } = await connectTools();
    const handle = await startTask(mcp, 'await_claim', { claim_token: proposal.claimToken });
    expect(handle.status).toBe('working');
    const result = taskResult(mcp, handle.taskId);
    const human = await payerWithCard();
    await completeClaim(db, { processor, acceptTerms: true, humanToken: proposal.humanToken, userId: human.id });
    const answer = await result;
    expect(answer.structuredContent).toMatchObject({ status: 'claimed', taskId: proposal.task.id });
    expect(String((answer.structuredContent.apiKey as { key: string }).key)).toMatch(/^lgw_test_/);
    // The session now holds the key.
    expect((await call('get_task', { task_id: proposal.task.id })).structuredContent).toMatchObject({
      task: { status: 'posted' },
    });
    const again = await taskResult(mcp, handle.taskId);
    expect(again.structuredContent).toMatchObject({ status: 'claimed', apiKeyDelivered: true });
    await close();
  });
});
