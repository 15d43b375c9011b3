import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { agentClaimCodes, users } from '@/db/schema';
import { formatClaimCode, generateClaimCode, normalizeClaimCode } from '@/lib/auth/claim-code-format';
import { expireClaimCode, mintClaimCodeViaApi, registerAgentViaApi } from '@/test/claim-codes';
import { envelope, validationEnvelope } from '@/test/expect';
import { signUpViaApi } from '@/test/sessions';

const uniqueName = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

async function agentsOf(ownerId: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(users)
    .where(and(eq(users.ownerId, ownerId), eq(users.type, 'agent')));
}

async function agentsNamed(name: string) {
  const { db } = await getDatabase();
  return db.select().from(users).where(eq(users.name, name));
}

describe('POST /v1/agents/register: errors', () => {
  it('an unknown code is 404 CLAIM_CODE_NOT_FOUND and creates no agent', async () => {
    const name = uniqueName('Nobody');
    // 0, 1, I, L and O are not in the alphabet, so this code can never have been minted.
    const res = await registerAgentViaApi({ code: 'OIL0-1OIL', name });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('CLAIM_CODE_NOT_FOUND'));
    expect(await agentsNamed(name)).toEqual([]);
  });

  it('an expired code is the same 404 CLAIM_CODE_NOT_FOUND and stays unclaimed', async () => {
    const operator = await signUpViaApi('register-expired');
    const { code } = await mintClaimCodeViaApi(operator.token);
    await expireClaimCode(code);

    const res = await registerAgentViaApi({ code, name: 'Late' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('CLAIM_CODE_NOT_FOUND'));
    expect(await agentsOf(operator.userId)).toEqual([]);
    const { db } = await getDatabase();
    const [row] = await db
      .select()
      .from(agentClaimCodes)
      .where(eq(agentClaimCodes.code, normalizeClaimCode(code)));
    expect(row).toMatchObject({ claimedAt: null, agentId: null });
  });

  it('a used code is the same 404 CLAIM_CODE_NOT_FOUND and registers no second agent', async () => {
    const operator = await signUpViaApi('register-twice');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const first = await registerAgentViaApi({ code, name: 'First' });
    expect(first.status).toBe(201);

    const name = uniqueName('Second');
    const second = await registerAgentViaApi({ code: code.toLowerCase(), name });
    expect(second.status).toBe(404);
    expect(second.json).toEqual(envelope('CLAIM_CODE_NOT_FOUND'));
    expect(second.text).not.toContain(first.json.data.apiKey.key);
    expect((await agentsOf(operator.userId)).map((agent) => agent.id)).toEqual([first.json.data.agent.id]);
    expect(await agentsNamed(name)).toEqual([]);
  });

  it('tells an anonymous caller nothing: unknown, expired and used codes answer byte for byte the same', async () => {
    const operator = await signUpViaApi('register-same');
    const used = (await mintClaimCodeViaApi(operator.token)).code;
    expect((await registerAgentViaApi({ code: used, name: 'Taken' })).status).toBe(201);
    const expired = (await mintClaimCodeViaApi(operator.token)).code;
    await expireClaimCode(expired);

    const answers = await Promise.all(
      [formatClaimCode(generateClaimCode()), 'OIL0-1OIL', expired, used].map((code) =>
        registerAgentViaApi({ code, name: uniqueName('Probe') }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual(envelope('CLAIM_CODE_NOT_FOUND'));
      expect(res.text).toBe(answers[0]?.text);
      expect(res.headers.get('content-type')).toBe(answers[0]?.headers.get('content-type'));
      expect(res.headers.get('content-length')).toBe(answers[0]?.headers.get('content-length'));
    }
  });

  it('takes about as long for an unknown code as for an expired or a used one', async () => {
    const operator = await signUpViaApi('register-timing');
    const used = (await mintClaimCodeViaApi(operator.token)).code;
    expect((await registerAgentViaApi({ code: used, name: 'Taken' })).status).toBe(201);
    const expired = (await mintClaimCodeViaApi(operator.token)).code;
    await expireClaimCode(expired);
    const kinds = { unknown: formatClaimCode(generateClaimCode()), expired, used };
    const timings: Record<string, number[]> = { unknown: [], expired: [], used: [] };
    // Interleaved, so a busy machine slows every kind alike; the median shrugs off a stray slow request.
    for (let round = 0; round < 15; round++) {
      for (const [kind, code] of Object.entries(kinds)) {
        const started = performance.now();
        const res = await registerAgentViaApi({ code, name: 'Timing probe' });
        timings[kind]?.push(performance.now() - started);
        expect(res.status).toBe(404);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const medians = Object.values(timings).map(median);
    // Not a benchmark: the same statements run for all three, so no kind may take twice as long as another. The
    // 20 ms of slack is PGlite's noise on a loaded machine (one CI run saw medians of 20 and 41 ms), more rounds
    // steady the medians.
    expect(Math.max(...medians)).toBeLessThan(2 * Math.min(...medians) + 20);
  });

  it('two concurrent registrations with one code: exactly one 201, the other 404 CLAIM_CODE_NOT_FOUND', async () => {
    const operator = await signUpViaApi('register-race');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const names = [uniqueName('Racer A'), uniqueName('Racer B')];

    const results = await Promise.all(names.map((name) => registerAgentViaApi({ code, name })));
    expect(results.map((res) => res.status).sort()).toEqual([201, 404]);
    const winner = results.find((res) => res.status === 201);
    const loser = results.find((res) => res.status === 404);
    expect(loser?.json).toEqual(envelope('CLAIM_CODE_NOT_FOUND'));

    const agents = await agentsOf(operator.userId);
    expect(agents.map((agent) => agent.id)).toEqual([winner?.json.data.agent.id]);
    const { db } = await getDatabase();
    const [row] = await db
      .select()
      .from(agentClaimCodes)
      .where(eq(agentClaimCodes.code, normalizeClaimCode(code)));
    expect(row?.agentId).toBe(winner?.json.data.agent.id);
    // The losing registration left nothing behind.
    const loserName = names.find((name) => name !== winner?.json.data.agent.name) ?? '';
    expect(await agentsNamed(loserName)).toEqual([]);
  });

  it('validates the body: missing fields, empty values, too long a name, unknown fields', async () => {
    const operator = await signUpViaApi('register-invalid');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const cases: [unknown, { path: string[]; message: string }[]][] = [
      [
        {},
        [
          { path: ['code'], message: 'Invalid input: expected string, received undefined' },
          { path: ['name'], message: 'Invalid input: expected string, received undefined' },
        ],
      ],
      [{ code: '  ', name: 'x' }, [{ path: ['code'], message: 'Must not be empty' }]],
      [{ code, name: '   ' }, [{ path: ['name'], message: 'Must not be empty' }]],
      [{ code, name: 'n'.repeat(101) }, [{ path: ['name'], message: 'Must be at most 100 characters' }]],
      [{ code: 'A'.repeat(21), name: 'x' }, [{ path: ['code'], message: 'Must be at most 20 characters' }]],
      [{ code, name: 42 }, [{ path: ['name'], message: 'Invalid input: expected string, received number' }]],
      [{ code, name: 'x', ownerId: operator.userId }, [{ path: [], message: 'Unrecognized key: "ownerId"' }]],
    ];
    for (const [body, issues] of cases) {
      const res = await registerAgentViaApi(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toEqual(validationEnvelope(issues));
    }
    // None of them used up the code.
    expect(await agentsOf(operator.userId)).toEqual([]);
    expect((await registerAgentViaApi({ code, name: 'Valid at last' })).status).toBe(201);
  });
});
