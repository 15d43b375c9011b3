import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { adminAuditLog } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import type { Operation } from '@/lib/schemas/operation';
import { replaySamples } from '@/test/contract/replay-samples';
import { fillPath, pathParamNames } from '@/test/contract/schema-probes';
import { withEnv } from '@/test/env';
import { insertApiKey } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { type ExportedHandler, exportedHandlers } from '@/test/route-modules';
import { signUpViaApi } from '@/test/sessions';

// Every admin operation (declared `admin` in the registry: the /v1/admin/* paths, the SMS intake's, dispute
// resolution and its alias), read from the route files so a new one is covered without a test of its own: anyone
// but a verified admin's session gets 403 FORBIDDEN, an admin's own API key included, and nothing is written.

/** Valid bodies for admin operations the contract suite's replay samples do not cover (PUT, PATCH). */
const BODIES: Record<string, unknown> = { setKeyRateLimitCeiling: { keyRateLimitCeiling: 100 } };

const isAdminOperation = (operation: Operation) => operation.admin !== undefined;

const admins: ExportedHandler[] = [];
const callers = { plain: '', unverifiedListed: '', adminKey: '', adminEmail: '', unverifiedEmail: '' };
const actorIds: string[] = [];

beforeAll(async () => {
  admins.push(...(await exportedHandlers()).filter(({ operation }) => operation && isAdminOperation(operation)));
  const plain = await signUpViaApi('plain', { verified: true });
  const unverified = await signUpViaApi('unverified', { verified: false });
  const admin = await signUpViaApi('admin', { verified: true });
  const { db } = await getDatabase();
  const { key } = await insertApiKey(db, { userId: admin.userId, scopes: [...SCOPES] });
  Object.assign(callers, {
    plain: plain.token,
    unverifiedListed: unverified.token,
    adminKey: key,
    adminEmail: admin.email,
    unverifiedEmail: unverified.email,
  });
  actorIds.push(plain.userId, unverified.userId, admin.userId);
});

function bodyOf(operation: Operation): unknown {
  if (!operation.body) return undefined;
  const sample = replaySamples[operation.operationId];
  if (sample && 'body' in sample) return sample.body({ email: callers.adminEmail, password: 'x' });
  if (operation.operationId in BODIES) return BODIES[operation.operationId];
  throw new Error(`${operation.operationId} reads a body: add a valid one to BODIES`);
}

describe('every admin operation refuses anyone but a verified admin', () => {
  it('the list is not empty (the admin API, the intake, both resolves)', () => {
    expect(admins.length).toBeGreaterThanOrEqual(15);
  });

  it.each([
    ['a verified non-admin session', 'plain'],
    ['the session of an unverified email listed in ADMIN_EMAILS', 'unverifiedListed'],
    ['an admin’s API key', 'adminKey'],
  ] as const)('%s: 403 FORBIDDEN on each, nothing written', async (_, who) => {
    await withEnv({ ADMIN_EMAILS: `${callers.adminEmail},${callers.unverifiedEmail}` }, async () => {
      for (const { operation, handler } of admins) {
        if (!operation) continue;
        const params = Object.fromEntries(pathParamNames(operation.path).map((name) => [name, randomUUID()]));
        const res = await call(handler, fillPath(operation.path, params), {
          token: callers[who],
          params,
          ip: uniqueIp(),
          body: bodyOf(operation),
        });
        expect(res.status, `${operation.method} ${operation.path}: ${res.text}`).toBe(403);
        expect(res.json.error.code).toBe('FORBIDDEN');
      }
    });
    const { db } = await getDatabase();
    expect(await db.select().from(adminAuditLog).where(inArray(adminAuditLog.actorId, actorIds))).toEqual([]);
  });
});
