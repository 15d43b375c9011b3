import { type ChildProcess, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { agentWaits } from '@/db/schema';
import { sleep } from '@/test/messages';
import { refusal, startTask, taskResult } from './testing/wait-tasks';
import { waitThread } from './testing/wait-thread';

// PostgreSQL only (*.pg.test.ts): MCP Tasks across real processes sharing one database. Two API instances
// (mcp/testing/instance.ts), each with its own pool and LISTEN; the SDK's client over Streamable HTTP to each, and
// over stdio to `npm run mcp` pointed at one. A task made on one is answered by the other, and a killed instance
// (or stdio server) loses nothing.

type Instance = { child: ChildProcess; url: string };
const children: ChildProcess[] = [];
const clients: Client[] = [];

async function startInstance(): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mcp/testing/instance.ts'], {
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  for await (const chunk of child.stdout ?? []) {
    output += chunk;
    const port = /ready (\d+)/.exec(output)?.[1];
    if (port) return { child, url: `http://127.0.0.1:${port}` };
  }
  throw new Error(`the instance never listened: ${output}`);
}

async function overHttp(instance: Instance, apiKey: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${instance.url}/v1/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${apiKey}` } },
  });
  const client = new Client({ name: 'legwork-two-instances', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function overStdio(instance: Instance, apiKey: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'mcp/stdio.ts'],
    env: { ...(process.env as Record<string, string>), LEGWORK_BASE_URL: instance.url, LEGWORK_API_KEY: apiKey },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'legwork-stdio', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A worker's message through an instance's REST API. */
async function postAs(instance: Instance, token: string, taskId: string, body: string) {
  const res = await fetch(`${instance.url}/v1/tasks/${taskId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data;
}

let a: Instance;
let b: Instance;
beforeAll(async () => {
  [a, b] = await Promise.all([startInstance(), startInstance()]);
}, 120_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => {})));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('MCP Tasks across instances', () => {
  it('a task made on A, a message posted on B, tasks/result on B returns it; A killed meanwhile', async () => {
    const { parties, task } = await waitThread();
    const onA = await overHttp(a, parties.agent.token);
    const handle = await startTask(onA, 'await_message', { task_id: task.id });
    expect(handle.status).toBe('working');
    a.child.kill('SIGKILL');

    const onB = await overHttp(b, parties.agent.token);
    expect((await onB.experimental.tasks.getTask(handle.taskId)).status).toBe('working');
    const result = taskResult(onB, handle.taskId);
    await sleep(500);
    const message = await postAs(b, parties.worker.token, task.id, 'The parcel is with me');
    const answer = await result;
    expect(answer.structuredContent).toMatchObject({ status: 'message', cursor: message.id });

    // A comes back (a restart): it answers the same task, finished, from the database.
    a = await startInstance();
    const again = await overHttp(a, parties.agent.token);
    expect((await again.experimental.tasks.getTask(handle.taskId)).status).toBe('completed');
    expect((await taskResult(again, handle.taskId)).structuredContent).toMatchObject({ cursor: message.id });
  }, 120_000);

  it('finishes the wait with nobody polling: the other instance’s LISTEN settles it as the message commits', async () => {
    const { parties, task } = await waitThread();
    const onA = await overHttp(a, parties.agent.token);
    const handle = await startTask(onA, 'await_message', { task_id: task.id });
    await postAs(b, parties.worker.token, task.id, 'Here');
    const { db } = await getDatabase();
    let status = 'working';
    for (let i = 0; i < 40 && status === 'working'; i += 1) {
      await sleep(100);
      const [row] = await db.select().from(agentWaits).where(eq(agentWaits.id, handle.taskId));
      status = row?.status ?? 'gone';
    }
    expect(status).toBe('completed');
  }, 60_000);
});

describe('MCP Tasks over stdio', () => {
  it('a task made by one stdio server is answered by a new one after the first exits', async () => {
    const { parties, task } = await waitThread();
    const first = await overStdio(a, parties.agent.token);
    const handle = await startTask(first, 'await_message', { task_id: task.id });
    await first.close();

    const second = await overStdio(b, parties.agent.token);
    const result = taskResult(second, handle.taskId);
    await sleep(500);
    const message = await postAs(a, parties.worker.token, task.id, 'Ringing the bell');
    expect((await result).structuredContent).toMatchObject({ status: 'message', cursor: message.id });
    expect(await refusal(second.experimental.tasks.getTask(crypto.randomUUID()))).toMatch(/Task not found/);
  }, 120_000);
});
