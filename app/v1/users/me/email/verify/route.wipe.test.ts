import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { POST as createKey } from '@/app/v1/operators/me/keys/route';
import { getDatabase } from '@/db/client';
import { DISABLED_BY_VERIFICATION, verifyEmail } from '@/lib/services/users/verify-email';
import { claimCodeExists, disabledReasons, insertAccountAccess, statusWith } from '@/test/account-access';
import { emailsTo, latestLinkToken, verifyEmailViaApi } from '@/test/account-emails';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as confirmReset } from '../../../../auth/password-reset/confirm/route';
import { POST as requestReset } from '../../../../auth/password-reset/route';

const PASSWORD = 'correct horse battery';

/** The emails telling `email` what its first verification revoked. */
const revokedMails = async (email: string) =>
  (await emailsTo(email)).filter((mail) => mail.subject.startsWith('Access created before you verified'));

async function secondSession(email: string) {
  const res = await call(signIn, '/v1/auth/sessions', { ip: uniqueIp(), body: { email, password: PASSWORD } });
  expect(res.status).toBe(201);
  return res.json.data.token as string;
}

describe('the first verification of an address takes the account back', () => {
  it('keeps the verifying session and the claim page’s agent key; revokes the rest and says so', async () => {
    const account = await signUpViaApi('wipe', { verified: false });
    const other = await secondSession(account.email);
    const left = await insertAccountAccess(account.userId);

    const res = await verifyEmailViaApi(account.token, await latestLinkToken(account.email, 'verify-email'));
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id: account.userId, emailVerified: true });

    expect(await statusWith(account.token)).toBe(200);
    expect(await statusWith(left.claimedAgentKey)).toBe(200);
    for (const credential of [other, left.ownKey, left.agentKey]) expect(await statusWith(credential)).toBe(401);
    expect(await disabledReasons(left.endpointIds)).toEqual([DISABLED_BY_VERIFICATION, DISABLED_BY_VERIFICATION]);
    expect(await claimCodeExists(left.code)).toBe(false);

    const told = await revokedMails(account.email);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      '2 API keys, 1 claim code and 2 webhook endpoints created before you verified this address were revoked.',
    );
    expect(told[0]?.text).toContain('1 session signed in before you verified this address was signed out.');
  });

  it('opened with no session of the account (the page, from a phone), it signs out every session', async () => {
    const account = await signUpViaApi('wipe-page', { verified: false });
    const { db } = await getDatabase();
    const user = await verifyEmail(db, await latestLinkToken(account.email, 'verify-email'));
    expect(user.emailVerified).toBe(true);
    expect(await statusWith(account.token)).toBe(401);
    const told = await revokedMails(account.email);
    expect(told.map((mail) => mail.text.split('\n')[0])).toEqual([
      '1 session signed in before you verified this address was signed out.',
    ]);
  });

  it('an ordinary sign-up verified from its own session loses nothing and gets no second email', async () => {
    const account = await signUpViaApi('wipe-none');
    expect(await statusWith(account.token)).toBe(200);
    expect(await emailsTo(account.email)).toHaveLength(1);
  });

  it('only the first proof wipes: a verification link opened after a reset verified the address keeps what followed', async () => {
    const account = await signUpViaApi('wipe-late', { verified: false });
    const verifyLink = await latestLinkToken(account.email, 'verify-email');
    await call(requestReset, '/v1/auth/password-reset', { ip: uniqueIp(), body: { email: account.email } });
    const reset = await call(confirmReset, '/v1/auth/password-reset/confirm', {
      ip: uniqueIp(),
      body: { token: await latestLinkToken(account.email, 'reset-password'), password: PASSWORD },
    });
    expect(reset.status, reset.text).toBe(200);
    const session = await secondSession(account.email);
    const key = await call(createKey, '/v1/operators/me/keys', { token: session, ip: uniqueIp(), body: { name: 'k' } });
    expect(key.status, key.text).toBe(201);
    const other = await secondSession(account.email);

    expect((await verifyEmailViaApi(session, verifyLink)).status).toBe(200);
    for (const credential of [session, other, key.json.data.key]) expect(await statusWith(credential)).toBe(200);
    expect(await revokedMails(account.email)).toEqual([]);
  });
});
