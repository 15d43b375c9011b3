import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listKeys } from '@/app/v1/operators/me/keys/route';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { expireClaimCode, mintClaimCodeViaApi, registerAgentViaApi } from '@/test/claim-codes';
import { ensureWindowRoom, envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as register } from './route';

describe('POST /v1/agents/register: security', () => {
  it('limits each client IP to 20 registrations a minute ("ip-auth"); the 21st is 429 even with a good code', async () => {
    await ensureWindowRoom(60, 5);
    const operator = await signUpViaApi('register-limit');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const ip = uniqueIp();

    // Every attempt counts, even one refused for its body: guessing codes costs the same either way.
    for (let n = 1; n <= 20; n++) {
      const res = await registerAgentViaApi({ code: 'OIL0-1OIL', name: 'guess' }, ip);
      expect(res.status, `request ${n}`).toBe(404);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"ip-auth";r=${20 - n};t=\\d+$`));
    }

    const limited = await registerAgentViaApi({ code, name: 'Patient' }, ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-policy')).toBe('"ip-auth";q=20;w=60');
    expect(limited.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter, limit: 20, windowSeconds: 60 } }),
    );

    // The refused request did not use the code; from another address it still works.
    expect((await registerAgentViaApi({ code, name: 'Patient' })).status).toBe(201);
  });

  it('credentials sent along are ignored: the agent belongs to whoever minted the code', async () => {
    const owner = await signUpViaApi('register-owner');
    const intruder = await signUpViaApi('register-intruder');
    const { code } = await mintClaimCodeViaApi(owner.token);

    const res = await call(register, '/v1/agents/register', {
      token: intruder.token,
      ip: uniqueIp(),
      body: { code, name: 'Loyal' },
    });
    expect(res.status).toBe(201);
    const { db } = await getDatabase();
    const [agent] = await db.select().from(users).where(eq(users.id, res.json.data.agent.id));
    expect(agent?.ownerId).toBe(owner.userId);
  });

  it('the agent’s key is shown once: not in the operator’s key list, the code status or later errors', async () => {
    const operator = await signUpViaApi('register-secret');
    const { code } = await mintClaimCodeViaApi(operator.token);
    const res = await registerAgentViaApi({ code, name: 'Quiet' });
    expect(res.status).toBe(201);
    const { key } = res.json.data.apiKey;

    // GET /v1/operators/me/keys lists the operator's own keys; the agent's is not one of them.
    const listed = await call(listKeys, '/v1/operators/me/keys', { token: operator.token, ip: uniqueIp() });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ data: [] });

    await expireClaimCode(code);
    for (const later of [
      await registerAgentViaApi({ code, name: 'Again' }),
      await registerAgentViaApi({ code, name: '' }),
      await registerAgentViaApi({ code: key, name: 'Key as code' }),
    ]) {
      expect(later.status).not.toBe(201);
      expect(later.text).not.toContain(key);
      expect(later.text).not.toContain(key.slice(9));
    }
  });
});
