import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { GET, PATCH } from './route';

describe('PATCH /v1/users/me', () => {
  it('changes the name, and GET shows it', async () => {
    const { token, userId } = await signUpViaApi('rename');
    const res = await call(PATCH, '/v1/users/me', { token, body: { name: '  Dana Field  ' } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ id: userId, name: 'Dana Field', emailVerified: true });
    const me = await call(GET, '/v1/users/me', { token });
    expect(me.json.data.name).toBe('Dana Field');
  });

  it('clears the name with null and leaves it alone when omitted', async () => {
    const { token, userId } = await signUpViaApi('rename-clear');
    await call(PATCH, '/v1/users/me', { token, body: { name: 'Kept' } });
    const omitted = await call(PATCH, '/v1/users/me', { token, body: {} });
    expect(omitted.json.data.name).toBe('Kept');
    const cleared = await call(PATCH, '/v1/users/me', { token, body: { name: null } });
    expect(cleared.status).toBe(200);
    const { db } = await getDatabase();
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    expect(row?.name).toBeNull();
  });

  it('refuses an empty name and an unknown field with the field named', async () => {
    const { token } = await signUpViaApi('rename-bad');
    const empty = await call(PATCH, '/v1/users/me', { token, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.issues).toEqual([{ path: ['name'], message: 'Must not be empty' }]);
    const unknown = await call(PATCH, '/v1/users/me', { token, body: { email: 'x@example.com' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('is for signed-in humans, not API keys', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id });
    const res = await call(PATCH, '/v1/users/me', { token: key, body: { name: 'Bot' } });
    expect(res.status).toBe(403);
  });
});
