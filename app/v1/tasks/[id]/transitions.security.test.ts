import { beforeAll, describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { insertApiKey } from '@/test/factories';
import { call } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import {
  ACTION_ROUTES,
  type ActionSegment,
  callAction,
  expectEndedTasksSettled,
  type FundedParties,
  fundedParties,
  taskInStatus,
  taskRow,
} from '@/test/tasks';
import { PATCH as updateTask } from './route';

withoutStripe();
expectEndedTasksSettled();

// Credentials on the action routes: an API key without `tasks:write` is 403 and changes nothing (the plain 401
// and 403 answers of every operation are in test/contract/operations.contract.test.ts).

const ACTIONS = Object.keys(ACTION_ROUTES) as ActionSegment[];

let parties: FundedParties;
let readOnlyKey: string;
beforeAll(async () => {
  parties = await fundedParties();
  const { db } = await getDatabase();
  ({ key: readOnlyKey } = await insertApiKey(db, { userId: parties.agent.id, mode: 'test', scopes: ['tasks:read'] }));
});

describe.each(ACTIONS.map((action) => [action]))('POST /v1/tasks/{id}/%s', (action) => {
  it('an API key with tasks:read only: 403, task unchanged', async () => {
    // The agent's own task, so only the scope stands in the way.
    const created = await call(createTask, '/v1/tasks', {
      token: parties.agent.token,
      body: { title: 'Scoped', budgetCents: 1_000, draft: true },
    });
    expect(created.status, created.text).toBe(201);
    const before = await taskRow(created.json.data.id);
    const res = await callAction(action, before.id, readOnlyKey);
    expect(res.status, res.text).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect(await taskRow(before.id)).toEqual(before);
  });
});

describe('PATCH /v1/tasks/{id}', () => {
  it('no credential 401; tasks:read only 403', async () => {
    const task = await taskInStatus(parties, 'draft');
    const anonymous = await call(updateTask, `/v1/tasks/${task.id}`, { params: { id: task.id }, body: { title: 'x' } });
    expect(anonymous.status).toBe(401);
    const scoped = await call(updateTask, `/v1/tasks/${task.id}`, {
      params: { id: task.id },
      token: readOnlyKey,
      body: { title: 'x' },
    });
    expect(scoped.status, scoped.text).toBe(403);
    expect(await taskRow(task.id)).toEqual(task);
  });
});
