import { describe, expect, it } from 'vitest';
import { POST as createTask } from '@/app/v1/tasks/route';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { withEnv } from '@/test/env';
import { expectError } from '@/test/expect';
import { call } from '@/test/http';
import { escrowBalance, ledgerBalance, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { fundedParties, taskBody } from '@/test/tasks';
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
      404,
      'NOT_FOUND',
    );
    const admin = await signUpViaApi('admin', { verified: true });
    await withEnv({ ADMIN_EMAILS: admin.email }, async () => {
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
});
