import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { POST as createKey } from '@/app/v1/operators/me/keys/route';
import { getDatabase } from '@/db/client';
import { apiKeys, emailTokens, users } from '@/db/schema';
import { DISABLED_BY_PASSWORD_RESET } from '@/lib/services/users/confirm-password-reset';
import { claimCodeExists, disabledReasons, insertAccountAccess, statusWith } from '@/test/account-access';
import { emailsTo, latestLinkToken } from '@/test/account-emails';
import { registerAgentViaApi } from '@/test/claim-codes';
import { envelope } from '@/test/expect';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { POST as requestReset } from '../route';
import { POST as confirm } from './route';

const SQUATTER_PASSWORD = 'correct horse battery';
const OWNER_PASSWORD = 'the owner takes it back';

/** The owner of the address asks for a reset link and reads it from their mailbox. */
async function resetLinkFor(email: string) {
  const asked = await call(requestReset, '/v1/auth/password-reset', { ip: uniqueIp(), body: { email } });
  expect(asked.status).toBe(202);
  return latestLinkToken(email, 'reset-password');
}

describe('taking an address back with a password reset', () => {
  it('the squat chain: a squatter mints nothing, and the reset kills every credential left in the account', async () => {
    const { db } = await getDatabase();
    // Someone signs up with an address they do not own and cannot verify it.
    const squatter = await signUpViaApi('squat', { verified: false });
    const minted = await call(createKey, '/v1/operators/me/keys', {
      token: squatter.token,
      ip: uniqueIp(),
      body: { name: 'backdoor' },
    });
    expect(minted.status).toBe(403);
    expect(minted.json).toEqual(envelope('EMAIL_NOT_VERIFIED'));
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, squatter.userId))).toEqual([]);

    // What the account held from before the rule (or from the claim page), and a second signed-in device.
    const left = await insertAccountAccess(squatter.userId);
    const second = await call(signIn, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email: squatter.email, password: SQUATTER_PASSWORD },
    });
    expect(second.status).toBe(201);
    const credentials = [squatter.token, second.json.data.token, left.ownKey, left.agentKey, left.claimedAgentKey];
    for (const credential of credentials) expect(await statusWith(credential)).toBe(200);

    // The address's owner resets the password from the emailed link.
    const reset = await call(confirm, '/v1/auth/password-reset/confirm', {
      ip: uniqueIp(),
      body: { token: await resetLinkFor(squatter.email), password: OWNER_PASSWORD },
    });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.json).toEqual({ data: { passwordReset: true, sessionsRevoked: 2 } });

    for (const credential of credentials) expect(await statusWith(credential)).toBe(401);
    expect(await disabledReasons(left.endpointIds)).toEqual([DISABLED_BY_PASSWORD_RESET, DISABLED_BY_PASSWORD_RESET]);
    expect(await claimCodeExists(left.code)).toBe(false);
    const registered = await registerAgentViaApi({ code: left.code, name: 'Late agent' });
    expect(registered.json).toEqual(envelope('CLAIM_CODE_NOT_FOUND'));

    const told = (await emailsTo(squatter.email)).filter((mail) => mail.subject.includes('was revoked'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(
      'Your password was reset, so 3 API keys, 1 claim code and 2 webhook endpoints of your account were revoked.',
    );
    expect(told[0]?.text).toContain('2 sessions were signed out.');

    // The owner, now verified, signs in and mints a key of their own.
    const owner = await call(signIn, '/v1/auth/sessions', {
      ip: uniqueIp(),
      body: { email: squatter.email, password: OWNER_PASSWORD },
    });
    const own = await call(createKey, '/v1/operators/me/keys', {
      token: owner.json.data.token,
      ip: uniqueIp(),
      body: { name: 'mine' },
    });
    expect(own.status, own.text).toBe(201);
  });

  it('a reset that fails part-way revokes nothing: one transaction', async () => {
    const { db } = await getDatabase();
    const account = await signUpViaApi('halfway', { verified: false });
    const left = await insertAccountAccess(account.userId);
    const link = await resetLinkFor(account.email);
    // The last step (disabling webhook endpoints) fails for this account only: a trigger on its rows.
    const fn = `fail_reset_${account.userId.replaceAll('-', '')}`;
    await db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        if new.owner_id in (select id from users where id = '${account.userId}' or owner_id = '${account.userId}')
        then raise exception 'disabling failed'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger ${fn} before update on webhook_endpoints for each row execute function ${fn}()`),
    );
    try {
      const res = await call(confirm, '/v1/auth/password-reset/confirm', {
        ip: uniqueIp(),
        body: { token: link, password: OWNER_PASSWORD },
      });
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on webhook_endpoints`));
      await db.execute(sql.raw(`drop function ${fn}()`));
    }
    for (const credential of [account.token, left.ownKey, left.agentKey, left.claimedAgentKey]) {
      expect(await statusWith(credential)).toBe(200);
    }
    expect(await disabledReasons(left.endpointIds)).toEqual([null, null]);
    expect(await claimCodeExists(left.code)).toBe(true);
    const [user] = await db.select().from(users).where(eq(users.id, account.userId));
    expect(user?.emailVerifiedAt).toBeNull();
    const [token] = await db.select().from(emailTokens).where(eq(emailTokens.userId, account.userId));
    expect(token).toBeDefined();
    expect((await emailsTo(account.email)).filter((mail) => mail.subject.includes('was revoked'))).toEqual([]);
    // The link was not spent either: it still works, and this time everything goes.
    const retried = await call(confirm, '/v1/auth/password-reset/confirm', {
      ip: uniqueIp(),
      body: { token: link, password: OWNER_PASSWORD },
    });
    expect(retried.status, retried.text).toBe(200);
    expect(await statusWith(left.ownKey)).toBe(401);
  });

  it('a reset that finds nothing to revoke sends no second email', async () => {
    const account = await signUpViaApi('nothing');
    const { db } = await getDatabase();
    // Signed out everywhere already, with no key, code or endpoint.
    await db.execute(sql`update sessions set revoked_at = now() where user_id = ${account.userId}`);
    const res = await call(confirm, '/v1/auth/password-reset/confirm', {
      ip: uniqueIp(),
      body: { token: await resetLinkFor(account.email), password: OWNER_PASSWORD },
    });
    expect(res.json).toEqual({ data: { passwordReset: true, sessionsRevoked: 0 } });
    expect((await emailsTo(account.email)).filter((mail) => mail.subject.includes('was revoked'))).toEqual([]);
  });
});
