import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { phoneVerifications, users } from '@/db/schema';
import { PHONE_CODES_PER_NUMBER, PHONE_CODES_PER_USER } from '@/lib/auth/account-limits';
import { notify } from '@/lib/services/notifications/notify';
import { ensureWindowRoom, envelope, expectError, expectRetryAfter } from '@/test/expect';
import { call } from '@/test/http';
import { optOut, outboxRows } from '@/test/intake';
import { signUpViaApi } from '@/test/sessions';
import { POST as verifyRoute } from './phone/verify/route';
import { GET, PATCH } from './route';

/** A fresh US number that libphonenumber accepts (an exchange from 200, never 0xx or 1xx). */
const uniquePhone = () => `+1415${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;

const setPhone = (token: string, phone: string | null) => call(PATCH, '/v1/users/me', { token, body: { phone } });
const verify = (token: string, code: string) =>
  call(verifyRoute, '/v1/users/me/phone/verify', { token, body: { code } });

/** The code in the newest text to `phone`. */
async function textedCode(phone: string) {
  const rows = await outboxRows(phone);
  const match = rows.at(-1)?.body.match(/Your Legwork code is (\d{6})\. It expires in 10 minutes\./);
  if (!match?.[1]) throw new Error(`no code texted to ${phone}: ${JSON.stringify(rows)}`);
  return match[1];
}

async function pendingRow(userId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  return row;
}

async function userRow(userId: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A wrong code for `code` (same length, another digit first). */
const wrongFor = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

describe('PATCH /v1/users/me {phone} and POST /v1/users/me/phone/verify', () => {
  it('texts a 6-digit code, stores only its hash, and the right code verifies the number', async () => {
    const { token, userId } = await signUpViaApi('phone');
    const phone = uniquePhone();
    const res = await setPhone(token, ` ${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)} `);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id: userId, phone: null, phoneVerified: false, pendingPhone: phone });

    const texts = await outboxRows(phone);
    expect(texts).toHaveLength(1);
    const code = await textedCode(phone);
    const pending = await pendingRow(userId);
    expect(pending).toMatchObject({ phone, attempts: 0 });
    expect(pending?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(pending?.codeHash).not.toContain(code);
    expect(pending?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(pending?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 5_000);
    expect(await userRow(userId)).toEqual({ phone: null, phoneVerifiedAt: null });

    const me = await call(GET, '/v1/users/me', { token });
    expect(me.json.data).toMatchObject({ phone: null, phoneVerified: false, pendingPhone: phone });

    const verified = await verify(token, code);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json.data).toMatchObject({ phone, phoneVerified: true, pendingPhone: null });
    expect(await pendingRow(userId)).toBeUndefined();
    expect(await userRow(userId)).toEqual({ phone, phoneVerifiedAt: expect.any(Date) });
    const after = await call(GET, '/v1/users/me', { token });
    expect(after.json.data).toMatchObject({ phone, phoneVerified: true, pendingPhone: null });
  });

  it('a new number stays pending: the verified one is kept until its code is entered', async () => {
    const { token, userId } = await signUpViaApi('phone-change');
    const first = uniquePhone();
    await setPhone(token, first);
    expect((await verify(token, await textedCode(first))).status).toBe(200);

    const second = uniquePhone();
    const res = await setPhone(token, second);
    expect(res.json.data).toMatchObject({ phone: first, phoneVerified: true, pendingPhone: second });
    expect(await userRow(userId)).toMatchObject({ phone: first });

    // Sending the verified number again keeps it and drops the pending one, texting nothing.
    const same = await setPhone(token, first);
    expect(same.json.data).toMatchObject({ phone: first, phoneVerified: true, pendingPhone: null });
    expect(await outboxRows(first)).toHaveLength(1);
  });

  it('a second PATCH replaces the pending code: the old one no longer works', async () => {
    const { token } = await signUpViaApi('phone-replace');
    const phone = uniquePhone();
    await setPhone(token, phone);
    const old = await textedCode(phone);
    await setPhone(token, phone);
    const current = await textedCode(phone);
    if (old !== current) {
      const stale = await verify(token, old);
      expect(stale.status).toBe(400);
    }
    expect((await verify(token, current)).status).toBe(200);
  });

  it('counts wrong codes: after 5 the code is dead, even the right one on the sixth try', async () => {
    const { token, userId } = await signUpViaApi('phone-wrong');
    const phone = uniquePhone();
    await setPhone(token, phone);
    const code = await textedCode(phone);
    const first = await verify(token, wrongFor(code));
    expect(first.status).toBe(400);
    expect(first.json).toEqual(
      envelope('VALIDATION_ERROR', {
        message: 'Wrong code',
        issues: [{ path: ['code'], message: 'That code is not right. 4 tries left.' }],
      }),
    );
    for (let i = 0; i < 3; i++) expect((await verify(token, wrongFor(code))).status).toBe(400);
    const fifth = await verify(token, wrongFor(code));
    expect(fifth.json.error.issues[0].message).toContain('last try');
    expect((await pendingRow(userId))?.attempts).toBe(5);

    const sixth = await verify(token, code);
    expectError(sixth, 409, 'PHONE_CODE_LOCKED');
    expect(await userRow(userId)).toEqual({ phone: null, phoneVerifiedAt: null });

    // A new code starts over.
    await setPhone(token, phone);
    expect((await verify(token, await textedCode(phone))).status).toBe(200);
  });

  it('refuses an expired code with a clear error, and a code when none is waiting', async () => {
    const { token, userId } = await signUpViaApi('phone-expired');
    expectError(await verify(token, '123456'), 404, 'PHONE_CODE_NOT_FOUND');
    const phone = uniquePhone();
    await setPhone(token, phone);
    const code = await textedCode(phone);
    const { db } = await getDatabase();
    await db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, userId));
    const res = await verify(token, code);
    expectError(res, 409, 'PHONE_CODE_EXPIRED');
    expect(res.json.error.hint).toContain('Ask for a new one');
    expect(await userRow(userId)).toEqual({ phone: null, phoneVerifiedAt: null });
  });

  it('refuses a code that is not 6 digits, naming `code`', async () => {
    const { token } = await signUpViaApi('phone-code-shape');
    const res = await verify(token, '12ab');
    expect(res.status).toBe(400);
    expect(res.json.error.issues).toEqual([
      { path: ['code'], message: 'Enter the 6 digits of the code we texted you' },
    ]);
  });

  it('refuses a number that does not parse with 400 naming `phone`, storing and texting nothing', async () => {
    const { token, userId } = await signUpViaApi('phone-bad');
    for (const bad of ['030 1234567', 'call me', '+1 555', '']) {
      const res = await setPhone(token, bad);
      expect(res.status, bad).toBe(400);
      expect(res.json.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        issues: [{ path: ['phone'], message: 'Enter a number with its country code, like +49 30 1234567' }],
      });
    }
    expect(await pendingRow(userId)).toBeUndefined();
  });

  it('refuses a number that texted STOP with 409 SMS_OPTED_OUT, storing nothing', async () => {
    const { token, userId } = await signUpViaApi('phone-stop');
    const phone = uniquePhone();
    await optOut(phone);
    const res = await setPhone(token, phone);
    expectError(res, 409, 'SMS_OPTED_OUT');
    expect(res.json.error.hint).toContain('START');
    expect(await pendingRow(userId)).toBeUndefined();
    expect(await outboxRows(phone)).toHaveLength(0);
  });

  it('limits codes per user: the sixth in an hour is a 429 with Retry-After', async () => {
    await ensureWindowRoom(PHONE_CODES_PER_USER.windowSeconds, 30);
    const { token } = await signUpViaApi('phone-limit-user');
    for (let i = 0; i < PHONE_CODES_PER_USER.limit; i++) {
      expect((await setPhone(token, uniquePhone())).status).toBe(200);
    }
    const phone = uniquePhone();
    const refused = await setPhone(token, phone);
    expectRetryAfter(refused, 0, PHONE_CODES_PER_USER.windowSeconds);
    expect(refused.json.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(await outboxRows(phone)).toHaveLength(0);
  });

  it('limits codes per number across users', async () => {
    await ensureWindowRoom(PHONE_CODES_PER_NUMBER.windowSeconds, 30);
    const phone = uniquePhone();
    for (let i = 0; i < PHONE_CODES_PER_NUMBER.limit; i++) {
      const { token } = await signUpViaApi(`phone-limit-number-${i}`);
      expect((await setPhone(token, phone)).status).toBe(200);
    }
    const { token, userId } = await signUpViaApi('phone-limit-number-last');
    const refused = await setPhone(token, phone);
    expectRetryAfter(refused, 0, PHONE_CODES_PER_NUMBER.windowSeconds);
    expect(await pendingRow(userId)).toBeUndefined();
    expect(await outboxRows(phone)).toHaveLength(PHONE_CODES_PER_NUMBER.limit);
  });

  it('phone: null removes the verified number and the pending one', async () => {
    const { token, userId } = await signUpViaApi('phone-remove');
    const phone = uniquePhone();
    await setPhone(token, phone);
    await verify(token, await textedCode(phone));
    await setPhone(token, uniquePhone());
    const res = await setPhone(token, null);
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ phone: null, phoneVerified: false, pendingPhone: null });
    expect(await userRow(userId)).toEqual({ phone: null, phoneVerifiedAt: null });
    expect(await pendingRow(userId)).toBeUndefined();
  });

  it('the name and the phone change together, or neither does', async () => {
    const { token, userId } = await signUpViaApi('phone-name');
    const refused = await call(PATCH, '/v1/users/me', { token, body: { name: 'Dana', phone: 'nope' } });
    expect(refused.status).toBe(400);
    const me = await call(GET, '/v1/users/me', { token });
    expect(me.json.data.name).toBeNull();
    const phone = uniquePhone();
    const both = await call(PATCH, '/v1/users/me', { token, body: { name: 'Dana', phone } });
    expect(both.json.data).toMatchObject({ id: userId, name: 'Dana', pendingPhone: phone });
  });

  it('notify() texts only a verified number, never a pending one', async () => {
    const { token, userId } = await signUpViaApi('phone-notify');
    const phone = uniquePhone();
    await setPhone(token, phone);
    const code = await textedCode(phone);
    const { db } = await getDatabase();
    const send = (key: string) =>
      db.transaction((tx) =>
        notify(tx, { userId, kind: 'message', title: 'Dana wrote', body: 'On my way.', dedupeKey: key }),
      );
    await send(`phone-test:${userId}:1`);
    expect(await outboxRows(phone)).toHaveLength(1); // the code only

    await verify(token, code);
    await send(`phone-test:${userId}:2`);
    const texts = await outboxRows(phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]?.body).toContain('Dana wrote');
  });
});
