import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { idempotencyKeys, tasks, users } from '@/db/schema';
import { creationKeyOf } from '@/lib/api/creation-key';
import { toActorUser } from '@/lib/auth/actor';
import { sha256Hex } from '@/lib/auth/tokens';
import { env } from '@/lib/env';
import { getProcessor } from '@/lib/payments/get-processor';
import { x402Requirements } from '@/lib/payments/x402/requirements';
import { taskBodySchema } from '@/lib/schemas/tasks';
import { CrashError } from '@/lib/services/money/funding-faults';
import { createTask } from '@/lib/services/tasks/create-task';
import { readResult } from '@/test/http';
import { escrowBalance } from '@/test/payments';
import { taskParties } from '@/test/tasks';
import { base64Json, newPayer, paymentRows, signAuthorization, v1Header, v1Payload } from '@/test/x402';
import { POST } from './route';

// POST /v1/tasks paid with x402, its instance killed after the payment settled and before the task posted. The
// agent retries with the same Idempotency-Key and X-Payment: while the dead request's key is locked, 409; once the
// lock expired, the retry takes the first attempt's draft up and posts it with the payment already settled, where
// today it got 402 nonce_already_used and left a ghost draft.

const TOTAL_CENTS = 2_300;
const BODY = JSON.stringify({ title: 'Photograph the storefront at 12 Main St', budgetCents: 2_000 });
const url = () => new URL('/v1/tasks', env().SITE_URL).toString();

describe('POST /v1/tasks retried after a crash', () => {
  it('resumes the draft of the crashed attempt: one task, the one payment, in its escrow', async () => {
    const { db } = await getDatabase();
    const { agent } = await taskParties();
    const token = agent.token;
    const wallet = newPayer();
    const requirements = x402Requirements({ totalCents: TOTAL_CENTS, resource: url(), description: 'x' });
    const payload = v1Payload(requirements, await signAuthorization(wallet, requirements));
    const idempotencyKey = crypto.randomUUID();
    const request = () =>
      new Request(url(), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'Idempotency-Key': idempotencyKey,
          'X-Payment': base64Json(payload),
        },
        body: BODY,
      });

    // The first attempt, as the handler runs it, dies once the payment settled; its key stays locked.
    const [agentRow] = await db.select().from(users).where(eq(users.id, agent.id));
    if (!agentRow) throw new Error('no agent');
    await expect(
      createTask(db, {
        processor: getProcessor(db),
        user: toActorUser(agentRow),
        viaApiKey: true,
        x402: { resource: url(), payment: v1Header(payload) },
        body: taskBodySchema.parse(JSON.parse(BODY)),
        creation: creationKeyOf(request(), BODY),
        crashAt: 'beforePost',
      }),
    ).rejects.toBeInstanceOf(CrashError);
    const scope = sha256Hex(`user:${agent.id}\nPOST\n/v1/tasks\n${idempotencyKey}`);
    await db
      .insert(idempotencyKeys)
      .values({ scope, requestHash: sha256Hex(BODY), lockedUntil: new Date(Date.now() + 60_000) });

    const locked = await POST(request(), { params: Promise.resolve({}) }).then(readResult);
    expect(locked.status).toBe(409);
    expect(locked.json.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');

    // A minute later the dead request's lock has expired.
    await db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(idempotencyKeys.scope, scope));
    const resumed = await POST(request(), { params: Promise.resolve({}) }).then(readResult);

    expect(resumed.status, resumed.text).toBe(201);
    expect(resumed.json.data).toMatchObject({ status: 'posted', fundingSource: 'x402', totalCents: TOTAL_CENTS });
    expect(resumed.headers.get('x-payment-response')).toBeTruthy();
    const all = await db.select().from(tasks).where(eq(tasks.requesterId, agent.id));
    expect(all.map((task) => task.id)).toEqual([resumed.json.data.id]);
    expect(await paymentRows(wallet.address)).toEqual([
      expect.objectContaining({ taskId: resumed.json.data.id, status: 'settled' }),
    ]);
    expect(await escrowBalance(resumed.json.data.id)).toBe(TOTAL_CENTS);
  });
});
