import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { emailTokens } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { emailsTo, latestLinkToken, linkTokensSentTo } from '@/test/account-emails';
import { ensureWindowRoom, validationEnvelope } from '@/test/expect';
import { insertUser, uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST } from './route';

const HOUR_MS = 60 * 60 * 1000;

function requestReset(email: unknown, ip = uniqueIp()) {
  return call(POST, '/v1/auth/password-reset', { ip, body: { email } });
}

describe('POST /v1/auth/password-reset', () => {
  it('answers 202 for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await requestReset(email);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ data: { accepted: true } });
    expect(res.headers.get('ratelimit-policy')).toBe('"ip-auth";q=20;w=60');
    expect(await emailsTo(email)).toEqual([]);
  });

  it('emails a known account a single-use link valid 1 hour, stored as its SHA-256; the same 202', async () => {
    const { db } = await getDatabase();
    const { userId, email } = await signUpViaApi('reset-known');
    const res = await requestReset(email.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ data: { accepted: true } });

    const sent = (await emailsTo(email)).filter((message) => message.subject === 'Reset your Legwork password');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    const token = await latestLinkToken(email, 'reset-password');
    const [row] = await db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, sha256Hex(token)));
    expect(row).toMatchObject({ userId, purpose: 'reset_password', email, usedAt: null });
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(0.99 * HOUR_MS);
    expect(lifetime).toBeLessThan(1.01 * HOUR_MS);
  });

  it('sends no link to an agent (no email) and none past 3 an hour per address, answering 202 throughout', async () => {
    const { db } = await getDatabase();
    await ensureWindowRoom(3600, 20);
    const { email } = await signUpViaApi('reset-limit');
    for (let i = 0; i < 5; i++) {
      const res = await requestReset(email);
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ data: { accepted: true } });
    }
    expect(await linkTokensSentTo(email, 'reset-password')).toHaveLength(3);

    const agentEmail = uniqueEmail('agent');
    await insertUser(db, { email: agentEmail, type: 'agent' });
    expect((await requestReset(agentEmail)).status).toBe(202);
    expect(await emailsTo(agentEmail)).toEqual([]);
  });

  it('answers 400 VALIDATION_ERROR in the envelope for a malformed address', async () => {
    const res = await requestReset('not-an-email');
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['email'], message: 'Must be a valid email address' }]));
  });
});
