import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { countTasksOf, fundedParties, taskBody } from '@/test/tasks';
import { POST as createTask, GET as listTasks } from './route';

withoutStripe();

describe('POST /v1/tasks — credentials and scopes', () => {
  it('an invalid token: 401', async () => {
    const res = await call(createTask, '/v1/tasks', { token: 'lw_test_nope', body: taskBody() });
    expect(res.status).toBe(401);
  });

  it('an API key without tasks:write: 403 on POST, while tasks:read still lists', async () => {
    const { db } = await getDatabase();
    const parties = await fundedParties();
    const agent = await insertUser(db, { type: 'agent', ownerId: parties.requester.id, email: null, name: 'Reader' });
    const { key } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: ['tasks:read'] });
    const res = await call(createTask, '/v1/tasks', { token: key, body: taskBody() });
    expect(res.status, res.text).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect(await countTasksOf(agent.id)).toBe(0);
    const listed = await call(listTasks, '/v1/tasks', { token: key });
    expect(listed.status, listed.text).toBe(200);

    const { key: blind } = await insertApiKey(db, { userId: agent.id, mode: 'test', scopes: ['messages:read'] });
    expect((await call(listTasks, '/v1/tasks', { token: blind })).status).toBe(403);
  });
});
