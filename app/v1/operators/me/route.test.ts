import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { GET } from './route';

describe('GET /v1/operators/me', () => {
  it('answers the operator profile for the operator’s own key, and for its agent’s key', async () => {
    const { db } = await getDatabase();
    const operator = await insertUser(db, { name: 'Olga' });
    await insertApiKey(db, { userId: operator.id });
    await insertApiKey(db, { userId: operator.id, revokedAt: new Date() });
    const agent = await insertUser(db, { type: 'agent', ownerId: operator.id, email: null, name: 'bot' });
    const { key: agentKey } = await insertApiKey(db, { userId: agent.id });
    const { key: operatorKey } = await insertApiKey(db, { userId: operator.id });

    const expected = {
      data: {
        id: operator.id,
        name: 'Olga',
        email: operator.email,
        userType: 'human',
        createdAt: operator.createdAt.toISOString(),
        activeKeyCount: 2,
      },
    };
    expect((await call(GET, '/v1/operators/me', { token: operatorKey })).json).toEqual(expected);
    expect((await call(GET, '/v1/operators/me', { token: agentKey })).json).toEqual(expected);
  });

  it('is 404 for an agent nobody has claimed yet', async () => {
    const { db } = await getDatabase();
    const agent = await insertUser(db, { type: 'agent', ownerId: null, email: null });
    const { key } = await insertApiKey(db, { userId: agent.id });
    const res = await call(GET, '/v1/operators/me', { token: key });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(
      envelope('NOT_FOUND', {
        message: 'This agent has no operator yet',
        hint: 'A human claims the agent first (the claim link from task proposal, or a dashboard claim code).',
      }),
    );
  });
});
