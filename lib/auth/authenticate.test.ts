import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { insertApiKey, insertUser } from '@/test/factories';
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
        name: 'Agent Smith',
        type: 'agent',
        ownerId: null,
        createdAt: user.createdAt,
      },
      apiKey: { id: row.id, scopes: ['tasks:read'], mode: 'test', rateLimitPerMinute: 42 },
    });
  });
});
