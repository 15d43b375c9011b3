import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as createKey } from '@/app/v1/operators/me/keys/route';
import { getDatabase } from '@/db/client';
import { auditRowsFor } from '@/test/admin';
import { createAgentViaApi } from '@/test/agents';
import { withEnv } from '@/test/env';
import { envelope } from '@/test/expect';
import { insertApiKey, storedRateLimit } from '@/test/factories';
import { call } from '@/test/http';
import { signUpViaApi } from '@/test/sessions';
import { PUT as setCeiling } from './route';

const FORBIDDEN = envelope('FORBIDDEN', {
  message: 'Only admins can change key rate-limit ceilings',
  hint: 'Sign in as a user whose verified email is listed in ADMIN_EMAILS.',
});

const put = (token: string, id: string, keyRateLimitCeiling: unknown) =>
  call(setCeiling, `/v1/admin/users/${id}/key-rate-limit-ceiling`, {
    token,
    params: { id },
    body: { keyRateLimitCeiling },
  });

/** Runs `fn` with a verified admin's session token (ADMIN_EMAILS lists the admin only meanwhile). */
async function asAdmin(fn: (token: string) => Promise<void>) {
  const admin = await signUpViaApi('admin');
  await withEnv({ ADMIN_EMAILS: admin.email }, () => fn(admin.token));
}

describe('PUT /v1/admin/users/{id}/key-rate-limit-ceiling', () => {
  it('raises an operator’s ceiling so its keys may allow more, and null returns it to the default', async () => {
    const op = await signUpViaApi('op');
    await asAdmin(async (token) => {
      const raised = await put(token, op.userId, 20_000);
      expect(raised.status).toBe(200);
      expect(raised.json).toEqual({
        data: { id: op.userId, keyRateLimitCeiling: 20_000, isDefault: false, keysLowered: 0 },
      });
    });
    const key = await call(createKey, '/v1/operators/me/keys', {
      token: op.token,
      body: { name: 'fast', rateLimitPerMinute: 20_000 },
    });
    expect(key.status).toBe(201);

    await asAdmin(async (token) => {
      const reset = await put(token, op.userId, null);
      expect(reset.json).toEqual({
        data: { id: op.userId, keyRateLimitCeiling: 6000, isDefault: true, keysLowered: 1 },
      });
    });
    const { db } = await getDatabase();
    expect(await storedRateLimit(db, key.json.data.id)).toBe(6000);
    // Newest first: the reset, then the raise, each with what it replaced.
    expect(await auditRowsFor(op.userId)).toEqual([
      expect.objectContaining({
        action: 'operator.key_rate_limit_ceiling',
        targetType: 'user',
        before: { keyRateLimitCeiling: 20_000 },
        after: { keyRateLimitCeiling: null, keysLowered: 1 },
      }),
      expect.objectContaining({
        action: 'operator.key_rate_limit_ceiling',
        before: { keyRateLimitCeiling: null },
        after: { keyRateLimitCeiling: 20_000, keysLowered: 0 },
      }),
    ]);
  });

  it('lowering the ceiling lowers the keys above it, the agents’ included, and no one else’s', async () => {
    const op = await signUpViaApi('op');
    const other = await signUpViaApi('other');
    const { db } = await getDatabase();
    const own = await insertApiKey(db, { userId: op.userId, rateLimitPerMinute: 5000 });
    const slow = await insertApiKey(db, { userId: op.userId, rateLimitPerMinute: 50 });
    const agent = await createAgentViaApi(op.token);
    const foreign = await insertApiKey(db, { userId: other.userId, rateLimitPerMinute: 5000 });
    await asAdmin(async (token) => {
      const lowered = await put(token, op.userId, 100);
      expect(lowered.json.data).toEqual({ id: op.userId, keyRateLimitCeiling: 100, isDefault: false, keysLowered: 2 });
    });
    expect(await storedRateLimit(db, own.row.id)).toBe(100);
    expect(await storedRateLimit(db, agent.keyId)).toBe(100);
    expect(await storedRateLimit(db, slow.row.id)).toBe(50);
    expect(await storedRateLimit(db, foreign.row.id)).toBe(5000);
  });

  it('is 403 for anyone but a verified admin', async () => {
    const op = await signUpViaApi('op');
    const unverified = await signUpViaApi('admin', { verified: false });
    // A verified operator who is not listed, and a listed address nobody has verified.
    await withEnv({ ADMIN_EMAILS: unverified.email }, async () => {
      for (const token of [op.token, unverified.token]) {
        const res = await put(token, op.userId, 50_000);
        expect(res.status).toBe(403);
        expect(res.json).toEqual(FORBIDDEN);
      }
    });
    const agent = await createAgentViaApi(op.token);
    const res = await put(agent.key, op.userId, 50_000);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect(await auditRowsFor(op.userId)).toEqual([]);
  });

  it('an agent or an unknown id is 404; a ceiling out of range is 400', async () => {
    const op = await signUpViaApi('op');
    const agent = await createAgentViaApi(op.token);
    await asAdmin(async (token) => {
      for (const id of [agent.id, randomUUID()]) {
        const res = await put(token, id, 1000);
        expect(res.status).toBe(404);
        expect(res.json).toEqual(envelope('NOT_FOUND', { message: 'No such operator' }));
      }
      for (const value of [0, 100_001, 1.5, '1000', undefined]) {
        const res = await put(token, op.userId, value);
        expect(res.status, String(value)).toBe(400);
        expect(res.json.error.code).toBe('VALIDATION_ERROR');
      }
    });
  });
});
