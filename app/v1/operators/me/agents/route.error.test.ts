import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { createAgentViaApi } from '@/test/agents';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, readResult } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { PUT as putAgent, PATCH as update } from './[agentId]/route';
import { GET as listTasks } from './[agentId]/tasks/route';
import { POST as create, GET as list, DELETE as removeCollection } from './route';

const PATH = '/v1/operators/me/agents';
const NOT_A_STRING = 'Invalid input: expected string, received undefined';

const BELOW_MINIMUM =
  'Must be 0 (the card pays for nothing) or at least 575 cents, the total of the smallest task: below that the card could never pay';

const CAP_ISSUES: [unknown, string][] = [
  [-1, 'Must be at least 0'],
  [12.5, 'Must be a whole number of cents'],
  [2_147_483_648, 'Must be at most 2147483647'],
  ['100', 'Invalid input: expected number, received string'],
  // Above 0 but below the smallest task's total ($5.00 + $0.75 fee): the card could never pay.
  [1, BELOW_MINIMUM],
  [574, BELOW_MINIMUM],
];

async function agentsOf(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(users).where(eq(users.ownerId, userId));
}

describe('POST /v1/operators/me/agents: errors', () => {
  it('refuses a missing, empty, too long or non-string name with 400 and creates nothing', async () => {
    const { token, userId } = await signUpViaApi('op');
    const cases: [unknown, string][] = [
      [{}, NOT_A_STRING],
      [{ name: '   ' }, 'Must not be empty'],
      [{ name: 'n'.repeat(101) }, 'Must be at most 100 characters'],
      [{ name: 42 }, 'Invalid input: expected string, received number'],
      [{ name: 'a\u0000b' }, 'Must not contain NUL (\\u0000) characters'],
    ];
    for (const [body, message] of cases) {
      const res = await call(create, PATH, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual(validationEnvelope([{ path: ['name'], message }]));
    }
    expect(await agentsOf(userId)).toEqual([]);
  });

  it('refuses a spending cap that is negative, fractional, too large or not a number', async () => {
    const { token, userId } = await signUpViaApi('op');
    for (const [spendingLimitCents, message] of CAP_ISSUES) {
      const res = await call(create, PATH, { token, body: { name: 'Capped', spendingLimitCents } });
      expect(res.status, String(spendingLimitCents)).toBe(400);
      expect(res.json).toEqual(validationEnvelope([{ path: ['spendingLimitCents'], message }]));
    }
    expect(await agentsOf(userId)).toEqual([]);
  });

  it('refuses unknown fields (an agent cannot be given another owner) and malformed JSON', async () => {
    const { token, userId } = await signUpViaApi('op');
    const other = await signUpViaApi('other');
    const strict = await call(create, PATH, { token, body: { name: 'Sneaky', ownerId: other.userId, scopes: [] } });
    expect(strict.status).toBe(400);
    expect(strict.json).toEqual(validationEnvelope([{ path: [], message: 'Unrecognized keys: "ownerId", "scopes"' }]));

    const malformed = await call(create, PATH, { token, body: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual(validationEnvelope([{ path: [], message: 'Malformed JSON' }]));

    const array = await call(create, PATH, { token, body: [] });
    expect(array.json).toEqual(validationEnvelope([{ path: [], message: 'The request body must be a JSON object' }]));
    expect(await agentsOf(userId)).toEqual([]);
    expect(await agentsOf(other.userId)).toEqual([]);
  });
});

describe('PATCH /v1/operators/me/agents/{agentId}: errors', () => {
  it('refuses invalid fields with 400 and changes nothing', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token, { name: 'Steady', spendingLimitCents: 700 });
    const patch = (body: unknown) =>
      call(update, `${PATH}/${agent.id}`, { token, params: { agentId: agent.id }, body });

    const cases: [unknown, { path: string[]; message: string }[]][] = [
      [{ name: '' }, [{ path: ['name'], message: 'Must not be empty' }]],
      [{ name: null }, [{ path: ['name'], message: 'Invalid input: expected string, received null' }]],
      [{ name: 'n'.repeat(101) }, [{ path: ['name'], message: 'Must be at most 100 characters' }]],
      [{ deletedAt: null }, [{ path: [], message: 'Unrecognized key: "deletedAt"' }]],
      ...CAP_ISSUES.map(([spendingLimitCents, message]): [unknown, { path: string[]; message: string }[]] => [
        { name: 'Renamed', spendingLimitCents },
        [{ path: ['spendingLimitCents'], message }],
      ]),
    ];
    for (const [body, issues] of cases) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual(validationEnvelope(issues));
    }
    expect((await patch({})).json).toEqual({ data: { id: agent.id, name: 'Steady', spendingLimitCents: 700 } });
  });
});

describe('GET /v1/operators/me/agents/{agentId}/tasks: errors', () => {
  it('refuses an out-of-range limit and a forged cursor with 400 VALIDATION_ERROR', async () => {
    const { token } = await signUpViaApi('op');
    const agent = await createAgentViaApi(token);
    const cases: [Record<string, string>, { path: string[]; message: string }][] = [
      [{ limit: '0' }, { path: ['limit'], message: 'Too small: expected number to be >=1' }],
      [{ limit: '101' }, { path: ['limit'], message: 'Too big: expected number to be <=100' }],
      [{ limit: 'ten' }, { path: ['limit'], message: 'Invalid input: expected number, received NaN' }],
      [{ cursor: 'bm90LWEtY3Vyc29y' }, { path: ['cursor'], message: 'Invalid cursor' }],
    ];
    for (const [query, issue] of cases) {
      const res = await call(listTasks, `${PATH}/${agent.id}/tasks`, { token, params: { agentId: agent.id }, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json).toEqual(validationEnvelope([issue]));
    }
  });
});

describe('/v1/operators/me/agents: methods a path does not serve', () => {
  it('answers 405 in the error envelope with an Allow header', async () => {
    const { token } = await signUpViaApi('op');
    const collection = await readResult(
      removeCollection(
        new Request(`http://localhost:3000${PATH}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(collection.status).toBe(405);
    expect(collection.headers.get('allow')).toBe('GET, POST');
    expect(collection.json).toEqual(
      envelope('METHOD_NOT_ALLOWED', {
        message: 'DELETE is not allowed on this path',
        hint: 'Use GET or POST; see /v1/openapi.json.',
      }),
    );
    const item = await putAgent(new Request(`http://localhost:3000${PATH}/x`, { method: 'PUT' }));
    expect(item.status).toBe(405);
    expect(item.headers.get('allow')).toBe('PATCH, DELETE');
    expect((await call(list, PATH, { token })).status).toBe(200);
  });
});
