import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions, users } from '@/db/schema';
import { envelope, validationEnvelope } from '@/test/expect';
import { uniqueEmail } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { POST } from './route';

const PASSWORD = 'correct horse battery';

function signUp(body: unknown, ip = uniqueIp()) {
  return call(POST, '/v1/users', { ip, body });
}

async function usersWithEmail(email: string) {
  const { db } = await getDatabase();
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
}

describe('POST /v1/users (sign-up): errors', () => {
  it('answers 409 EMAIL_TAKEN for an email that already has an account, and creates nothing', async () => {
    const { db } = await getDatabase();
    const email = uniqueEmail('taken');
    const first = await signUp({ email, password: PASSWORD });
    expect(first.status).toBe(201);

    const second = await signUp({ email, password: 'another long password', name: 'Impostor' });
    expect(second.status).toBe(409);
    expect(second.json).toEqual(envelope('EMAIL_TAKEN'));
    expect(second.headers.get('x-request-id')).toBeTruthy();

    const rows = await usersWithEmail(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBeNull();
    // The failed sign-up left no session behind (one transaction).
    const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, first.json.data.user.id));
    expect(sessionRows).toHaveLength(1);
  });

  it('treats emails case-insensitively: a differently-cased duplicate is 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail('case');
    expect((await signUp({ email: email.toUpperCase(), password: PASSWORD })).status).toBe(201);
    const dup = await signUp({ email: ` ${email.replace(/^./, (c) => c.toUpperCase())}`, password: PASSWORD });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual(envelope('EMAIL_TAKEN'));
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('refuses a password shorter than 10 characters with 400 and one issue on password', async () => {
    const email = uniqueEmail('short');
    const res = await signUp({ email, password: '123456789' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['password'], message: 'Must be at least 10 characters' }]));
    expect(res.json.error.message).toBe('Invalid request body');
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses a password longer than 256 characters', async () => {
    const res = await signUp({ email: uniqueEmail('long'), password: 'x'.repeat(257) });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['password'], message: 'Must be at most 256 characters' }]));
  });

  it('refuses unknown fields (strict body) and creates nothing', async () => {
    const email = uniqueEmail('strict');
    const res = await signUp({ email, password: PASSWORD, roles: ['admin'], type: 'agent' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: [], message: 'Unrecognized keys: "roles", "type"' }]));
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('lists every missing field', async () => {
    const res = await signUp({});
    expect(res.status).toBe(400);
    expect(res.json).toEqual(
      validationEnvelope([
        { path: ['email'], message: 'Invalid input: expected string, received undefined' },
        { path: ['password'], message: 'Invalid input: expected string, received undefined' },
      ]),
    );
  });

  it('refuses an invalid email', async () => {
    const res = await signUp({ email: 'not-an-email', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['email'], message: 'Must be a valid email address' }]));
  });

  it('refuses an email longer than 254 characters', async () => {
    const res = await signUp({ email: `${'a'.repeat(250)}@example.com`, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(validationEnvelope([{ path: ['email'], message: 'Must be at most 254 characters' }]));
  });

  it('refuses an empty or too long name, and a name of the wrong type', async () => {
    const empty = await signUp({ email: uniqueEmail(), password: PASSWORD, name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual(validationEnvelope([{ path: ['name'], message: 'Must not be empty' }]));

    const long = await signUp({ email: uniqueEmail(), password: PASSWORD, name: 'n'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.json).toEqual(validationEnvelope([{ path: ['name'], message: 'Must be at most 100 characters' }]));

    const wrongType = await signUp({ email: uniqueEmail(), password: PASSWORD, name: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toEqual(
      validationEnvelope([{ path: ['name'], message: 'Invalid input: expected string, received number' }]),
    );
  });
});
