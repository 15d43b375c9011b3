import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions } from '@/db/schema';
import { envelope, validationEnvelope } from '@/test/expect';
import { insertUser, uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { POST } from './route';

const PASSWORD = 'correct horse battery';

const INVALID_CREDENTIALS = envelope('UNAUTHORIZED', {
  hint: 'The email or password is wrong. Check both and try again; accounts created on a claim page set a password first.',
});

function signIn(body: unknown) {
  return call(POST, '/v1/auth/sessions', { ip: uniqueIp(), body });
}

describe('POST /v1/auth/sessions (sign-in): errors', () => {
  it('answers a wrong password and an unknown email with identical 401 bodies', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('wrong'), password: PASSWORD });

    const wrongPassword = await signIn({ email: user.email, password: 'not the password' });
    const unknownEmail = await signIn({ email: uniqueEmail('nobody'), password: 'not the password' });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.json).toEqual(INVALID_CREDENTIALS);
    expect(wrongPassword.json.error.message).toBe('Authentication required');
    expect(unknownEmail.text).toBe(wrongPassword.text);
    expect(wrongPassword.headers.get('x-request-id')).toBeTruthy();
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('answers 401 (same body) for an account without a password, whatever is sent', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('nopass') });
    expect(user.passwordHash).toBeNull();
    const res = await signIn({ email: user.email, password: 'anything at all' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_CREDENTIALS);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('does not accept the stored hash as the password', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db, { email: uniqueEmail('hash-as-pw'), password: PASSWORD });
    const res = await signIn({ email: user.email, password: user.passwordHash });
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_CREDENTIALS);
  });

  it('refuses missing fields, an empty password and an invalid email with 400', async () => {
    const missing = await signIn({});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual(
      validationEnvelope([
        { path: ['email'], message: 'Invalid input: expected string, received undefined' },
        { path: ['password'], message: 'Invalid input: expected string, received undefined' },
      ]),
    );

    const empty = await signIn({ email: uniqueEmail(), password: '' });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual(
      validationEnvelope([{ path: ['password'], message: 'Too small: expected string to have >=1 characters' }]),
    );

    const badEmail = await signIn({ email: 'nope', password: PASSWORD });
    expect(badEmail.status).toBe(400);
    expect(badEmail.json).toEqual(validationEnvelope([{ path: ['email'], message: 'Must be a valid email address' }]));
  });

  it('refuses unknown fields (strict body)', async () => {
    const res = await signIn({ email: uniqueEmail(), password: PASSWORD, remember: true });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: [], message: 'Unrecognized key: "remember"' }]));
  });
});
