import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as signIn } from '@/app/v1/auth/sessions/route';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { issueSession } from '@/lib/services/sessions/issue-session';
import { insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET as me } from '../route';
import { PUT } from './route';

const OLD = 'correct horse battery';
const NEW = 'a brand new passphrase';

async function signInAs(email: string, password: string) {
  return call(signIn, '/v1/auth/sessions', { ip: uniqueIp(), body: { email, password } });
}

describe('PUT /v1/users/me/password', () => {
  it('changes the password, keeps this session and signs out the others', async () => {
    const { token, email } = await signUpViaApi('pw-change');
    const other = await signInAs(email, OLD);
    expect(other.status).toBe(201);

    const res = await call(PUT, '/v1/users/me/password', { token, body: { currentPassword: OLD, password: NEW } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ changed: true, otherSessionsRevoked: 1 });

    expect((await call(me, '/v1/users/me', { token })).status).toBe(200);
    expect((await call(me, '/v1/users/me', { token: other.json.data.token })).status).toBe(401);
    expect((await signInAs(email, OLD)).status).toBe(401);
    expect((await signInAs(email, NEW)).status).toBe(201);
  });

  it('refuses a wrong current password at the field, and changes nothing', async () => {
    const { token, email, userId } = await signUpViaApi('pw-wrong');
    const { db } = await getDatabase();
    const [before] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));

    const wrong = await call(PUT, '/v1/users/me/password', {
      token,
      body: { currentPassword: 'not my password', password: NEW },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('VALIDATION_ERROR');
    expect(wrong.json.error.issues).toEqual([{ path: ['currentPassword'], message: 'Current password is incorrect' }]);

    const missing = await call(PUT, '/v1/users/me/password', { token, body: { password: NEW } });
    expect(missing.json.error.issues).toEqual([{ path: ['currentPassword'], message: 'Enter your current password' }]);

    const [after] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    expect(after?.hash).toBe(before?.hash);
    expect((await signInAs(email, OLD)).status).toBe(201);
  });

  it('applies the sign-up password rules to the new password', async () => {
    const { token } = await signUpViaApi('pw-short');
    const res = await call(PUT, '/v1/users/me/password', { token, body: { currentPassword: OLD, password: 'short' } });
    expect(res.status).toBe(400);
    expect(res.json.error.issues[0].path).toEqual(['password']);
  });

  it('lets an account created without a password (the claim page) set one without a current password', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const session = await issueSession(db, user.id);
    const res = await call(PUT, '/v1/users/me/password', { token: session.token, body: { password: NEW } });
    expect(res.status, res.text).toBe(200);
    expect((await signInAs(user.email as string, NEW)).status).toBe(201);
  });
});
