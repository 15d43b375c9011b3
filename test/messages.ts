import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { GET as awaitRoute } from '@/app/v1/tasks/[id]/messages/await/route';
import { POST as readRoute } from '@/app/v1/tasks/[id]/messages/read/route';
import { GET as listRoute, POST as postRoute } from '@/app/v1/tasks/[id]/messages/route';
import { getDatabase } from '@/db/client';
import { events, type Task } from '@/db/schema';
import { insertApiKey } from './factories';
import { type CallResult, call, readResult, uniqueIp } from './http';
import { type TaskParties, taskBetween, taskParties } from './tasks';

// Message-thread fixtures: the parties of a task with an agent key that may read and write messages, a task in a
// chosen status between them, and one helper per route.

export const MESSAGE_SCOPES = ['messages:read', 'messages:write'];

/** taskParties(), the agent holding a test key with the message scopes. */
export async function threadParties(): Promise<TaskParties> {
  const parties = await taskParties();
  const { db } = await getDatabase();
  const { key } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: MESSAGE_SCOPES });
  return { ...parties, agent: { ...parties.agent, token: key } };
}

/** Parties and a task between them (accepted by default: the thread is open). */
export async function thread(status: Task['status'] = 'accepted') {
  const parties = await threadParties();
  const task = await taskBetween(parties, status);
  return { parties, task };
}

export function postMessage(token: string, taskId: string, body: unknown, headers?: Record<string, string>) {
  return call(postRoute, `/v1/tasks/${taskId}/messages`, {
    token,
    body: typeof body === 'string' ? { body } : body,
    params: { id: taskId },
    ip: uniqueIp(),
    headers,
  });
}

/** Posts and expects a 201; returns the message. */
export async function posted(token: string, taskId: string, body: string) {
  const res = await postMessage(token, taskId, body);
  expect(res.status, res.text).toBe(201);
  return res.json.data as { id: string; senderId: string; senderSide: string; body: string; createdAt: string };
}

export function listMessages(token: string, taskId: string, query?: Record<string, string>) {
  return call(listRoute, `/v1/tasks/${taskId}/messages`, { token, query, params: { id: taskId }, ip: uniqueIp() });
}

export function markRead(token: string, taskId: string, body: unknown = {}) {
  return call(readRoute, `/v1/tasks/${taskId}/messages/read`, { token, body, params: { id: taskId }, ip: uniqueIp() });
}

/** GET …/messages/await; `signal` aborts the request as a disconnecting client would. */
export async function awaitMessages(
  token: string | undefined,
  taskId: string,
  query: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<CallResult> {
  return readResult(await openAwait(token, taskId, query, signal));
}

/** GET …/messages/await as a raw Response: it resolves when the status and headers are known, not the body. */
export function openAwait(
  token: string | undefined,
  taskId: string,
  query: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const url = new URL(`http://localhost:3000/v1/tasks/${taskId}/messages/await`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers = new Headers({ 'x-legwork-peer-address': uniqueIp() });
  if (token) headers.set('authorization', `Bearer ${token}`);
  return awaitRoute(new Request(url, { method: 'GET', headers, signal }), { params: Promise.resolve({ id: taskId }) });
}

/** The task.message.created outbox events of a task, oldest first. */
export async function messageEvents(taskId: string) {
  const { db } = await getDatabase();
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.taskId, taskId), eq(events.type, 'task.message.created')));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
