import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getOperator } from '@/app/v1/operators/me/route';
import { GET as getMe } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { apiKeys, tasks, users } from '@/db/schema';
import { claimRow, parkedKeyOf, pollClaimViaApi, proposeTask, proposeTaskViaApi } from '@/test/cold-start';
import { ensureWindowRoom, envelope, UNAUTHORIZED_BODY } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { POST as propose } from './route';

withoutStripe();

describe('POST /v1/tasks/propose: security', () => {
  it('the claim link is not a claim token: polling with it is 404 CLAIM_NOT_FOUND', async () => {
    const proposal = await proposeTask();
    const res = await pollClaimViaApi(proposal.humanToken);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('CLAIM_NOT_FOUND'));
    // Nor is any other piece of the link.
    expect((await pollClaimViaApi(`lgwc_${proposal.humanToken}`)).json).toEqual(envelope('CLAIM_NOT_FOUND'));
  });

  it('the parked key is refused (401) everywhere until the human completes the claim', async () => {
    const proposal = await proposeTask();
    const key = await parkedKeyOf(proposal.claimToken);
    for (const res of [
      await call(getOperator, '/v1/operators/me', { token: key, ip: uniqueIp() }),
      await call(getMe, '/v1/users/me', { token: key, ip: uniqueIp() }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED_BODY);
    }
  });

  it('stores secrets only as hashes (the key sealed): no column holds a token or the key in clear', async () => {
    const proposal = await proposeTask();
    const key = await parkedKeyOf(proposal.claimToken);
    const { db } = await getDatabase();
    const [keyRow] = await db.select().from(apiKeys).where(eq(apiKeys.userId, proposal.task.requesterId));
    const rows = [
      await claimRow(proposal.claimToken),
      keyRow,
      ...(await db.select().from(tasks).where(eq(tasks.id, proposal.task.id))),
      ...(await db.select().from(users).where(eq(users.id, proposal.task.requesterId))),
    ];
    const secrets = [proposal.claimToken, proposal.claimToken.slice('lgwc_'.length), proposal.humanToken, key];
    for (const row of rows) {
      for (const value of Object.values(row ?? {})) {
        const stored = value instanceof Date ? value.toISOString() : JSON.stringify(value);
        for (const secret of secrets) expect(stored).not.toContain(secret);
      }
    }
  });

  it('credentials sent along are ignored: a signed-in human proposing still gets an unowned placeholder agent', async () => {
    const human = await signUpViaApi('propose-signed-in');
    const res = await call(propose, '/v1/tasks/propose', {
      token: human.token,
      ip: uniqueIp(),
      body: { task: { title: 'Signed-in proposal' } },
    });
    expect(res.status).toBe(201);
    const { db } = await getDatabase();
    const [agent] = await db.select().from(users).where(eq(users.id, res.json.data.task.requesterId));
    expect(agent).toMatchObject({ type: 'agent', ownerId: null });
    expect(agent?.id).not.toBe(human.userId);
  });

  it('limits each client IP to 20 proposals a minute ("ip-auth"); the 21st is 429 and creates nothing', async () => {
    await ensureWindowRoom(60, 5);
    const ip = uniqueIp();
    // Every request counts, even one refused for its body.
    for (let n = 1; n <= 20; n++) {
      const res = await proposeTaskViaApi({}, ip);
      expect(res.status, `request ${n}`).toBe(400);
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"ip-auth";r=${20 - n};t=\\d+$`));
    }

    const title = `Too many ${randomBytes(4).toString('hex')}`;
    const limited = await proposeTaskViaApi({ task: { title } }, ip);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-policy')).toBe('"ip-auth";q=20;w=60');
    expect(limited.json).toEqual(
      envelope('RATE_LIMIT_EXCEEDED', { details: { retryAfter, limit: 20, windowSeconds: 60 } }),
    );
    const { db } = await getDatabase();
    expect(await db.select().from(tasks).where(eq(tasks.title, title))).toEqual([]);

    // Another address is unaffected.
    expect((await proposeTaskViaApi({ task: { title } })).status).toBe(201);
  });
});
