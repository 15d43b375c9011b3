import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { GET as getMe } from '@/app/v1/users/me/route';
import { getDatabase } from '@/db/client';
import { sessions, users } from '@/db/schema';
import { EMAIL_LINK_HINTS } from '@/lib/services/users/consume-email-token';
import { expireEmailTokens, latestLinkToken, linkTokensSentTo } from '@/test/account-emails';
import { envelope, UNAUTHORIZED_BODY, validationEnvelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as requestReset } from '../route';
import { POST } from './route';

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const hints = EMAIL_LINK_HINTS.reset_password;

function confirm(token: string, password = NEW_PASSWORD) {
  return call(POST, '/v1/auth/password-reset/confirm', { ip: uniqueIp(), body: { token, password } });
}

function signInWith(email: string, password: string) {
  return call(signIn, '/v1/auth/sessions', { ip: uniqueIp(), body: { email, password } });
}

/** A signed-up human with a second session, who asked for a reset link. */
async function accountWithResetLink(label: string) {
  const account = await signUpViaApi(label, { verified: false });
  const second = await signInWith(account.email, OLD_PASSWORD);
  expect(second.status).toBe(201);
  const asked = await call(requestReset, '/v1/auth/password-reset', { ip: uniqueIp(), body: { email: account.email } });
  expect(asked.status).toBe(202);
  const link = await latestLinkToken(account.email, 'reset-password');
  return { ...account, secondToken: second.json.data.token as string, link };
}

describe('POST /v1/auth/password-reset/confirm', () => {
  it('sets the password, verifies the email and revokes every session (old tokens are 401)', async () => {
    const { db } = await getDatabase();
    const { userId, email, token, secondToken, link } = await accountWithResetLink('reset-confirm');

    const res = await confirm(link);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ data: { passwordReset: true, sessionsRevoked: 2 } });

    for (const old of [token, secondToken]) {
      const me = await call(getMe, '/v1/users/me', { token: old, ip: uniqueIp() });
      expect(me.status).toBe(401);
      expect(me.json).toEqual(UNAUTHORIZED_BODY);
    }
    const live = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);

    expect((await signInWith(email, OLD_PASSWORD)).status).toBe(401);
    const fresh = await signInWith(email, NEW_PASSWORD);
    expect(fresh.status).toBe(201);
    expect(fresh.json.data.user.emailVerified).toBe(true);
  });

  it('works once: the same link again is 409 EMAIL_LINK_USED, and the password stays the first one', async () => {
    const { email, link } = await accountWithResetLink('reset-twice');
    expect((await confirm(link)).status).toBe(200);
    const again = await confirm(link, 'yet another passphrase');
    expect(again.status).toBe(409);
    expect(again.json).toEqual(envelope('EMAIL_LINK_USED', { hint: hints.used }));
    expect((await signInWith(email, NEW_PASSWORD)).status).toBe(201);
  });

  it('uses up the user’s other reset links too', async () => {
    const { email, link: first } = await accountWithResetLink('reset-others');
    await call(requestReset, '/v1/auth/password-reset', { ip: uniqueIp(), body: { email } });
    const links = await linkTokensSentTo(email, 'reset-password');
    expect(links).toHaveLength(2);
    expect((await confirm(first)).status).toBe(200);
    expect((await confirm(links[1] as string)).status).toBe(409);
  });

  it('refuses a link after its hour with 404 EMAIL_LINK_EXPIRED and changes nothing', async () => {
    const { userId, email, token, link } = await accountWithResetLink('reset-late');
    await expireEmailTokens(userId, 'reset_password');
    const res = await confirm(link);
    expect(res.status).toBe(404);
    expect(res.json).toEqual(envelope('EMAIL_LINK_EXPIRED', { hint: hints.expired }));
    expect((await call(getMe, '/v1/users/me', { token, ip: uniqueIp() })).status).toBe(200);
    expect((await signInWith(email, OLD_PASSWORD)).status).toBe(201);
  });

  it('refuses unknown links and verification links with 404 EMAIL_LINK_NOT_FOUND', async () => {
    const { email } = await signUpViaApi('reset-unknown');
    const verifyLink = await latestLinkToken(email, 'verify-email');
    for (const link of ['B'.repeat(43), 'short', verifyLink]) {
      const res = await confirm(link);
      expect(res.status, link).toBe(404);
      expect(res.json).toEqual(envelope('EMAIL_LINK_NOT_FOUND', { hint: hints.missing }));
    }
    expect((await signInWith(email, OLD_PASSWORD)).status).toBe(201);
  });

  it('does not verify an address the account no longer has', async () => {
    const { db } = await getDatabase();
    const { userId, link } = await accountWithResetLink('reset-moved');
    const moved = `moved-${userId}@example.com`;
    await db.update(users).set({ email: moved }).where(eq(users.id, userId));
    expect((await confirm(link)).status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row?.emailVerifiedAt).toBeNull();
    expect((await signInWith(moved, NEW_PASSWORD)).status).toBe(201);
  });

  it('answers 400 VALIDATION_ERROR in the envelope for a short password, and uses nothing up', async () => {
    const { link } = await accountWithResetLink('reset-short');
    const res = await confirm(link, 'short');
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['password'], message: 'Must be at least 10 characters' }]));
    expect((await confirm(link)).status).toBe(200);
  });
});
