import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertUser } from '@/test/factories';
import { hasPassword } from './has-password';

describe('hasPassword', () => {
  it('tells a user with a password from one without, and an unknown id has none', async () => {
    const { db } = await getDatabase();
    const withPassword = await insertUser(db, { password: 'correct horse battery staple' });
    const emailOnly = await insertUser(db);
    expect(await hasPassword(db, withPassword.id)).toBe(true);
    expect(await hasPassword(db, emailOnly.id)).toBe(false);
    expect(await hasPassword(db, randomUUID())).toBe(false);
  });
});
