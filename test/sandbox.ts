import { expect } from 'vitest';
import { POST as simulateRoute } from '@/app/v1/sandbox/tasks/[id]/simulate/route';
import { POST as createTaskRoute } from '@/app/v1/tasks/route';
import { call, uniqueIp } from './http';
import type { TestJson } from './json';
import { lifecycleBody } from './tasks';

// Sandbox fixtures: a test-mode task posted by an agent's test key, and the simulate route.

/** POST /v1/sandbox/tasks/{id}/simulate as the holder of `token`. */
export function simulate(
  token: string | undefined,
  taskId: string,
  action: string,
  extra: Record<string, unknown> = {},
  headers?: Record<string, string>,
) {
  return call(simulateRoute, `/v1/sandbox/tasks/${taskId}/simulate`, {
    ...(token ? { token } : {}),
    params: { id: taskId },
    body: { action, ...extra },
    ip: uniqueIp(),
    headers,
  });
}

/** Simulates and expects a 200; returns `{task, message?}`. */
export async function simulated(token: string, taskId: string, action: string, extra: Record<string, unknown> = {}) {
  const res = await simulate(token, taskId, action, extra);
  expect(res.status, res.text).toBe(200);
  return res.json.data as { task: Record<string, TestJson>; message?: Record<string, TestJson> };
}

/** A posted test-mode task created through POST /v1/tasks with `token` (a lgw_test_ key: funded in test mode). */
export async function postedTestTask(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(createTaskRoute, '/v1/tasks', { token, body: lifecycleBody(overrides), ip: uniqueIp() });
  expect(res.status, res.text).toBe(201);
  expect(res.json.data).toMatchObject({ status: 'posted', livemode: false });
  return res.json.data as { id: string; location: { lat: number; lng: number } | null };
}
