import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from './passwords';

const PASSWORD = 'correct horse battery';

describe('passwords', () => {
  it('hashes with scrypt (N=32768, r=8, p=1), a 16-byte salt and a 32-byte key', async () => {
    const hash = await hashPassword(PASSWORD);
    const [scheme, n, r, p, salt, key] = hash.split('$');
    expect(scheme).toBe('scrypt');
    expect([n, r, p]).toEqual(['32768', '8', '1']);
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64')).toHaveLength(32);
    expect(hash).not.toContain(PASSWORD);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword(`${PASSWORD} `, hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash: the same password hashes differently each time, and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(PASSWORD, b)).toBe(true);
  });

  it('normalizes unicode (NFKC), so composed and decomposed forms are the same password', async () => {
    const composed = 'caf\u00e9-password';
    const decomposed = 'cafe\u0301-password';
    const hash = await hashPassword(composed);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it('refuses everything when there is no stored hash (an account without a password)', async () => {
    expect(await verifyPassword(PASSWORD, null)).toBe(false);
    expect(await verifyPassword(PASSWORD, undefined)).toBe(false);
    // Even the input that matches the internal dummy hash is refused.
    expect(await verifyPassword('', null)).toBe(false);
  });

  it('refuses a malformed or foreign stored hash instead of throwing', async () => {
    expect(await verifyPassword(PASSWORD, '')).toBe(false);
    expect(await verifyPassword(PASSWORD, PASSWORD)).toBe(false);
    expect(await verifyPassword(PASSWORD, '$2b$10$abcdefghijklmnopqrstuv')).toBe(false);
    expect(await verifyPassword(PASSWORD, 'scrypt$32768$8$1$$')).toBe(false);
  });

  it('verifies against the parameters stored with the hash (so they can be raised later)', async () => {
    const hash = await hashPassword(PASSWORD);
    const [, , , , salt] = hash.split('$');
    // A hash written with cheaper parameters is still verified with those parameters.
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync(PASSWORD.normalize('NFKC'), Buffer.from(salt ?? '', 'base64'), 32, { N: 1024, r: 8, p: 1 });
    const cheap = ['scrypt', 1024, 8, 1, salt, key.toString('base64')].join('$');
    expect(await verifyPassword(PASSWORD, cheap)).toBe(true);
    expect(await verifyPassword('wrong password!', cheap)).toBe(false);
  });

  it('exports the length limits the schemas use', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(PASSWORD_MAX_LENGTH).toBe(256);
  });
});
