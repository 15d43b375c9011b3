import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { getDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { SCOPES } from '@/lib/auth/scopes';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { withEnv } from '@/test/env';
import { expectError } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { call } from '@/test/http';
import { escrowBalance, ledgerBalance, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { fundedParties, taskBody } from '@/test/tasks';
import { SESSION_ONLY_BODY } from '@/test/worker-profiles';
import { POST as accept } from '../accept/route';
import { POST as dispute } from '../dispute/route';
import { POST as resolve } from './route';

withoutStripe();

/** A card-funded task (2,300 in escrow) accepted by the worker and disputed by them. */
async function disputedTask() {
  const parties = await fundedParties();
  const created = await call(createTask, '/v1/tasks', { token: parties.requester.token, body: taskBody() });
  expect(created.status, created.text).toBe(201);
  const id = created.json.data.id as string;
  expect((await call(accept, `/v1/tasks/${id}/accept`, { token: parties.worker.token, params: { id } })).status).toBe(
    200,
  );
  const disputed = await call(dispute, `/v1/tasks/${id}/dispute`, {
    token: parties.worker.token,
    params: { id },
    body: { reason: 'The shop was closed on arrival' },
  });
  expect(disputed.json.data?.status, disputed.text).toBe('disputed');
  return { parties, id };
}

describe('POST /v1/tasks/{id}/resolve', () => {
  it('lets an admin split the escrow: the worker’s share and its fee paid, the rest refunded', async () => {
    const { parties, id } = await disputedTask();
    const admin = await signUpViaApi('admin', { verified: true });
    const res = await withEnv({ ADMIN_EMAILS: admin.email }, () =>
      call(resolve, `/v1/tasks/${id}/resolve`, {
        token: admin.token,
        params: { id },
        body: { outcome: 'split', workerCents: 1_000 },
      }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.status).toBe('resolved');
    expect(await escrowBalance(id)).toBe(0);
    expect(await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id))).toBe(1_000);
    expect(await ledgerBalance(ledgerAccount.refunds('test', parties.requester.id))).toBe(1_150);
  });

  it('refunds or pays in full', async () => {
    for (const outcome of ['refund', 'pay_worker'] as const) {
      const { parties, id } = await disputedTask();
      const admin = await signUpViaApi('admin', { verified: true });
      const res = await withEnv({ ADMIN_EMAILS: admin.email }, () =>
        call(resolve, `/v1/tasks/${id}/resolve`, { token: admin.token, params: { id }, body: { outcome } }),
      );
      expect(res.status, res.text).toBe(200);
      expect(await escrowBalance(id)).toBe(0);
      const paid = await ledgerBalance(ledgerAccount.workerPayouts('test', parties.worker.id));
      expect(paid).toBe(outcome === 'pay_worker' ? 2_000 : 0);
    }
  });

  it('is for admins only, and only for disputed tasks', async () => {
    const { parties, id } = await disputedTask();
    const body = { outcome: 'refund' };
    expectError(
      await call(resolve, `/v1/tasks/${id}/resolve`, { token: parties.requester.token, params: { id }, body }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(resolve, `/v1/tasks/${id}/resolve`, { token: (await signUpViaApi()).token, params: { id }, body }),
      403,
      'FORBIDDEN',
    );
    const admin = await signUpViaApi('admin', { verified: true });
    await withEnv({ ADMIN_EMAILS: admin.email }, async () => {
      // An admin's API key is an ordinary operator key: admin powers need the session.
      const key = (await insertApiKey((await getDatabase()).db, { userId: admin.userId, scopes: [...SCOPES] })).key;
      const withKey = await call(resolve, `/v1/tasks/${id}/resolve`, { token: key, params: { id }, body });
      expect(withKey.status, withKey.text).toBe(403);
      expect(withKey.json).toEqual(SESSION_ONLY_BODY);
      expect(await escrowBalance(id)).toBe(2_300);
      const split = { outcome: 'split', workerCents: 2_000 };
      expectError(
        await call(resolve, `/v1/tasks/${id}/resolve`, { token: admin.token, params: { id }, body: split }),
        400,
        'VALIDATION_ERROR',
      );
      expectError(
        await call(resolve, `/v1/tasks/${id}/resolve`, {
          token: admin.token,
          params: { id },
          body: { outcome: 'split' },
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(
        (await call(resolve, `/v1/tasks/${id}/resolve`, { token: admin.token, params: { id }, body })).status,
      ).toBe(200);
      expectError(
        await call(resolve, `/v1/tasks/${id}/resolve`, { token: admin.token, params: { id }, body }),
        409,
        'INVALID_TRANSITION',
      );
    });
    expect(await escrowBalance(id)).toBe(0);
  });

  it('refuses an admin who is a side of the task (403: ask another admin); another admin resolves it', async () => {
    const { parties, id } = await disputedTask();
    const body = { outcome: 'refund' };
    const { db } = await getDatabase();
    for (const side of [parties.requester, parties.worker]) {
      // The side's own address, verified: an admin in every other respect.
      const [{ email } = { email: null }] = await db
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, side.id))
        .returning({ email: users.email });
      const res = await withEnv({ ADMIN_EMAILS: email ?? '' }, () =>
        call(resolve, `/v1/tasks/${id}/resolve`, { token: side.token, params: { id }, body }),
      );
      expect(res.status, res.text).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'FORBIDDEN', hint: expect.stringContaining('another admin') });
    }
    expect(await escrowBalance(id)).toBe(2_300);
    const other = await signUpViaApi('admin', { verified: true });
    const res = await withEnv({ ADMIN_EMAILS: other.email }, () =>
      call(resolve, `/v1/tasks/${id}/resolve`, { token: other.token, params: { id }, body }),
    );
    expect(res.status, res.text).toBe(200);
    expect(await escrowBalance(id)).toBe(0);
  });
});
