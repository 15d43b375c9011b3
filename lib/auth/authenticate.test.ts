import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { ensureWindowRoom, recordingDatabase } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { generateApiKey } from './api-key-format';
import { authenticate } from './authenticate';

describe('authenticate()', () => {
  it('returns the key’s user and settings in the same statement', async () => {
    const database = await getDatabase();
    const user = await insertUser(database.db, { name: 'Agent Smith', type: 'agent' });
    const { key, row } = await insertApiKey(database.db, {
      userId: user.id,
      mode: 'test',
      scopes: ['tasks:read'],
      rateLimitPerMinute: 42,
    });
    const result = await authenticate(database, key);
    expect(result?.actor).toEqual({
      kind: 'apiKey',
      user: {
        id: user.id,
        email: user.email,
        emailVerified: false,
        name: 'Agent Smith',
        type: 'agent',
        ownerId: null,
        createdAt: user.createdAt,
        phones: { phone: null, phoneVerified: false, pendingPhone: null },
      },
      apiKey: { id: row.id, scopes: ['tasks:read'], mode: 'test', rateLimitPerMinute: 42 },
    });
  });
});

describe('authenticate() under concurrency', () => {
  it('resolves requests of one turn in a single statement, with consecutive counts per key', async () => {
    const real = await getDatabase();
    const statements: string[] = [];
    const recording = recordingDatabase(real, statements);
    const user = await insertUser(real.db);
    const { key } = await insertApiKey(real.db, { userId: user.id });
    const { key: other } = await insertApiKey(real.db, { userId: user.id });
    await ensureWindowRoom(60, 5);

    const results = await Promise.all([
      authenticate(recording, key),
      authenticate(recording, generateApiKey('live').key),
      authenticate(recording, key),
      authenticate(recording, other),
      authenticate(recording, key),
    ]);

    expect(statements).toEqual(['auth_api_keys']);
    expect(results[1]).toBeNull();
    expect([results[0], results[2], results[4]].map((result) => result?.rate.count)).toEqual([1, 2, 3]);
    expect(results[3]?.rate.count).toBe(1);
    expect(results[3]?.actor.kind === 'apiKey' && results[3].actor.apiKey.id).not.toBe(
      results[0]?.actor.kind === 'apiKey' && results[0].actor.apiKey.id,
    );
  });
});
