import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getDatabase } from '@/db/client';
import { route } from '@/lib/api/route';
import { errorTable } from '@/lib/errors/api-error';
import { defineOperation } from '@/lib/schemas/operation';
import { insertApiKey, insertUser } from '@/test/factories';
import { call } from '@/test/http';

// An operation declared only for this test: the pipeline enforces `scope` for API keys.
const scopedOperation = defineOperation({
  method: 'GET',
  path: '/v1/test/scoped',
  operationId: 'testScoped',
  summary: 'test',
  tags: ['Test'],
  auth: 'any',
  scope: 'tasks:read',
  response: z.object({ ok: z.literal(true) }),
});
const GET = route(scopedOperation, async () => ({ ok: true as const }));

describe('scope enforcement', () => {
  it('lets a key with the scope through', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, scopes: ['tasks:read', 'tasks:write'] });
    const result = await call(GET, '/v1/test/scoped', { token: key });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ data: { ok: true } });
  });

  it('refuses a key without the scope with 403 FORBIDDEN naming the scope', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const { key } = await insertApiKey(db, { userId: user.id, scopes: ['tasks:write'] });
    const result = await call(GET, '/v1/test/scoped', { token: key });
    expect(result.status).toBe(403);
    expect(result.json).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'This API key lacks the `tasks:read` scope',
        hint: 'Use a key that has this scope, or create one with it from the dashboard.',
        details: { requiredScope: 'tasks:read' },
      },
    });
    expect(errorTable.FORBIDDEN.status).toBe(403);
  });
});
