import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getMe } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { emailTokens, users } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { EMAIL_LINK_HINTS } from '@/lib/services/users/consume-email-token';
import { emailsTo, expireEmailTokens, latestLinkToken, verifyEmailViaApi } from '@/test/account-emails';
import { envelope, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST } from './route';

const HOUR_MS = 60 * 60 * 1000;
const hints = EMAIL_LINK_HINTS.verify_email;

describe('POST /v1/users/me/email/verify', () => {
  it('sign-up emails a single-use link, valid 24 h, whose token is stored only as its SHA-256', async () => {
    const { db } = await getDatabase();
    const { userId, email } = await signUpViaApi('verify-mail', { verified: false });
    const sent = await emailsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Verify your email for Legwork');
    expect(sent[0]?.text).toMatch(/http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{43}\n/);

    const token = await latestLinkToken(email, 'verify-email');
    const rows = await db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
    expect(rows).toEqual([
      expect.objectContaining({ purpose: 'verify_email', tokenHash: sha256Hex(token), email, usedAt: null }),
    ]);
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(23.9 * HOUR_MS);
    expect(lifetime).toBeLessThan(24.1 * HOUR_MS);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('verifies once: emailVerified turns true on /v1/users/me, and the same link is then 409', async () => {
    const { db } = await getDatabase();
    const { userId, email, token } = await signUpViaApi('verify-once', { verified: false });
    const before = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(before.json.data.emailVerified).toBe(false);

    const link = await latestLinkToken(email, 'verify-email');
    const res = await verifyEmailViaApi(token, link);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id: userId, email, emailVerified: true, roles: [] });
    const me = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(me.json.data.emailVerified).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await verifyEmailViaApi(token, link);
    expect(again.status).toBe(409);
    expect(again.json).toEqual(envelope('EMAIL_LINK_USED', { hint: hints.used }));
  });

  it('refuses a link after its 24 hours, and leaves the email unverified', async () => {
    const { userId, email, token } = await signUpViaApi('verify-late', { verified: false });
    const link = await latestLinkToken(email, 'verify-email');
    await expireEmailTokens(userId, 'verify_email');
    const res = await verifyEmailViaApi(token, link);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('EMAIL_LINK_EXPIRED', { hint: hints.expired }));
    const me = await call(getMe, '/v1/users/me', { token, ip: uniqueIp() });
    expect(me.json.data.emailVerified).toBe(false);
  });

  it('treats unknown, malformed and other users’ links as unknown (and leaves the other user’s link usable)', async () => {
    const me = await signUpViaApi('verify-me', { verified: false });
    const other = await signUpViaApi('verify-other', { verified: false });
    const othersLink = await latestLinkToken(other.email, 'verify-email');
    const unknown = envelope('EMAIL_LINK_NOT_FOUND', { hint: hints.missing });
    for (const link of ['A'.repeat(43), 'not a token', othersLink]) {
      const res = await verifyEmailViaApi(me.token, link);
      expect(res.status, link).toBe(404);
      expect(res.json).toEqual(unknown);
    }
    expect((await verifyEmailViaApi(other.token, othersLink)).status).toBe(200);
  });

  it('a password-reset link is not a verification link', async () => {
    const { db } = await getDatabase();
    const { userId, email, token } = await signUpViaApi('verify-kind', { verified: false });
    const resetToken = 'R'.repeat(43);
    await db.insert(emailTokens).values({
      userId,
      email,
      purpose: 'reset_password',
      tokenHash: sha256Hex(resetToken),
      expiresAt: new Date(Date.now() + HOUR_MS),
    });
    const res = await verifyEmailViaApi(token, resetToken);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('EMAIL_LINK_NOT_FOUND');
  });

  it('answers 400 VALIDATION_ERROR for a missing token or an unknown field', async () => {
    const { token } = await signUpViaApi('verify-body', { verified: false });
    const missing = await call(POST, '/v1/users/me/email/verify', { token, ip: uniqueIp(), body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual(
      validationEnvelope([{ path: ['token'], message: 'Invalid input: expected string, received undefined' }]),
    );
    const extra = await call(POST, '/v1/users/me/email/verify', {
      token,
      ip: uniqueIp(),
      body: { token: 'x', userId: 'someone' },
    });
    expect(extra.status).toBe(400);
    expect(extra.json.error.code).toBe('VALIDATION_ERROR');
  });
});
