import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { envelope, withQueryLog } from '@/test/expect';
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

  it('reads the profiles of concurrent requests with one statement, each caller getting its own operator', async () => {
    const { db } = await getDatabase();
    const operators = [await insertUser(db, { name: 'A' }), await insertUser(db, { name: 'B' })];
    const keys: string[] = [];
    for (const operator of operators) {
      keys.push((await insertApiKey(db, { userId: operator.id })).key);
      const agent = await insertUser(db, { type: 'agent', ownerId: operator.id, email: null });
      keys.push((await insertApiKey(db, { userId: agent.id })).key);
    }
    // Neither a parked nor an expired key counts as active.
    await insertApiKey(db, { userId: operators[0]?.id ?? '', parked: true });
    await insertApiKey(db, { userId: operators[0]?.id ?? '', expiresAt: new Date(Date.now() - 1000) });

    await withQueryLog(async (names) => {
      const answers = await Promise.all(keys.map((token) => call(GET, '/v1/operators/me', { token })));
      expect(answers.map((res) => [res.json.data.name, res.json.data.activeKeyCount])).toEqual([
        ['A', 1],
        ['A', 1],
        ['B', 1],
        ['B', 1],
      ]);
      expect(names.filter((name) => name === 'operator_profiles')).toHaveLength(1);
    });
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
