import { eq } from 'drizzle-orm';
import { createWalletClient, http } from 'viem';
import { baseSepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { decodeXPaymentResponse, wrapFetchWithPayment } from 'x402-fetch';
import { getDatabase } from '@/db/client';
import { ledgerTransactions, tasks } from '@/db/schema';
import type { RouteHandler } from '@/lib/api/route';
import { SCOPES } from '@/lib/auth/scopes';
import { env } from '@/lib/env';
import { ledgerAccount } from '@/lib/payments/ledger/accounts';
import { toV2Requirements, X402_PAYMENT_HINT, x402Requirements } from '@/lib/payments/x402/requirements';
import { envelope } from '@/test/expect';
import { insertApiKey } from '@/test/factories';
import { type CallResult, call } from '@/test/http';
import { balances } from '@/test/ledger';
import { addCard, escrowBalance, withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { callAction, countTasksOf, lifecycleBody, taskBody, taskParties, taskRow } from '@/test/tasks';
import { base64Json, newPayer, paymentRows, signAuthorization, v1Payload } from '@/test/x402';
import { POST as publish } from './[id]/publish/route';
import { POST as createTask } from './route';

// DESIGN §4 "Tasks": every 402 answered to an API-key caller on a funding route carries the x402 offer, whatever
// kept the card from paying — for an operator's own key as much as for an agent's — so an off-the-shelf x402
// client can always pay. A session caller (a person in a browser) keeps the card's own 402.

withoutStripe();

const TOTAL_CENTS = 2_300; // taskBody's 2,000-cent budget plus the 15% fee
const DECLINED_AT_CHARGE = '4000 0000 0000 9995'; // saves, but its charges fail with insufficient funds

/** A human (a session, their own test key with every scope), holding `card` (none for null). */
async function operatorWithOwnKey(card: string | null = null) {
  const { db } = await getDatabase();
  const human = await signUpViaApi('own-key');
  if (card) await addCard({ id: human.userId, email: null }, card);
  const { key } = await insertApiKey(db, { userId: human.userId, mode: 'test', scopes: [...SCOPES] });
  return { id: human.userId, session: human.token, key };
}

const create = (token: string, body = taskBody()) => call(createTask, '/v1/tasks', { token, body });

const v2Of = (res: CallResult) =>
  JSON.parse(Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'));

/** The x402 offer for a task of `title` at `path`, as the 402 must carry it. */
const offerFor = (path: string, title: string) =>
  x402Requirements({
    totalCents: TOTAL_CENTS,
    resource: new URL(path, env().SITE_URL).toString(),
    description: `Legwork task: ${title}`,
  });

/** A fetch whose every request goes to `handler` in-process; the answers are kept. */
function inProcessFetch(handler: RouteHandler, params: Record<string, string>, statuses: number[]) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await handler(new Request(input, init), { params: Promise.resolve(params) });
    statuses.push(response.status);
    return response;
  }) as typeof fetch;
}

/** x402-fetch (v1) with a fresh wallet, calling `handler` in-process. */
function x402Fetch(handler: RouteHandler, params: Record<string, string> = {}) {
  const account = newPayer();
  const wallet = createWalletClient({ account, chain: baseSepolia, transport: http() });
  const statuses: number[] = [];
  // x402-fetch bundles its own viem types; the wallet is the same object at runtime.
  const signer = wallet as unknown as Parameters<typeof wrapFetchWithPayment>[1];
  return {
    account,
    statuses,
    pay: wrapFetchWithPayment(inProcessFetch(handler, params, statuses), signer, 100_000_000n),
  };
}

const postWith = (token: string, body: Record<string, unknown> = {}) => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('POST /v1/tasks with an operator’s own API key', () => {
  it('no card on file: 402 with x402Version, accepts and PAYMENT-REQUIRED; the hint names the missing card', async () => {
    const human = await operatorWithOwnKey();
    const body = taskBody();
    const res = await create(human.key, body);

    expect(res.status, res.text).toBe(402);
    const offer = offerFor('/v1/tasks', body.title);
    expect(res.json).toEqual({
      error: {
        code: 'PAYMENT_REQUIRED',
        message: 'No card on file. Pay with x402 instead.',
        hint: `No card on file to charge (add one with POST /v1/payments/wallet/setup, or on the dashboard, Payments). ${X402_PAYMENT_HINT}`,
        details: { reason: 'no_card' },
      },
      x402Version: 1,
      accepts: [offer],
    });
    expect(v2Of(res)).toMatchObject({
      x402Version: 2,
      resource: { url: offer.resource },
      accepts: [toV2Requirements(offer)],
    });
    expect(await countTasksOf(human.id)).toBe(0);
  });

  it('x402-fetch pays that 402: the task is posted for the human, its escrow holds the payment', async () => {
    const human = await operatorWithOwnKey();
    const { account, statuses, pay } = x402Fetch(createTask);

    const res = await pay(new URL('/v1/tasks', 'http://localhost:3000').toString(), postWith(human.key, taskBody()));

    expect(statuses).toEqual([402, 201]);
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      status: 'posted',
      fundingSource: 'x402',
      requesterId: human.id,
      totalCents: TOTAL_CENTS,
    });
    expect(decodeXPaymentResponse(res.headers.get('x-payment-response') ?? '')).toMatchObject({
      success: true,
      payer: account.address,
    });
    expect(await paymentRows(account.address)).toEqual([
      expect.objectContaining({ taskId: data.id, status: 'settled', amountAtomic: String(TOTAL_CENTS * 10_000) }),
    ]);
    expect(await escrowBalance(data.id)).toBe(TOTAL_CENTS);
    const { db } = await getDatabase();
    const [receipt] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.taskId, data.id));
    expect(receipt).toMatchObject({ kind: 'x402_receipt', userId: human.id });

    // Cancelled, the USDC is owed back on the human's books (the requester), not on anyone else's.
    const refunds = ledgerAccount.refunds('test', human.id);
    expect((await callAction('cancel', data.id, human.key)).status).toBe(200);
    expect(await escrowBalance(data.id)).toBe(0);
    expect(await balances([refunds])).toEqual({ [refunds]: TOTAL_CENTS });
  });

  it('a card the processor declines: 402 PAYMENT_FAILED that still offers x402, and x402-fetch pays it', async () => {
    const human = await operatorWithOwnKey(DECLINED_AT_CHARGE);
    const body = taskBody();
    const declined = await create(human.key, body);

    expect(declined.status, declined.text).toBe(402);
    expect(declined.json).toEqual({
      error: {
        code: 'PAYMENT_FAILED',
        message: expect.any(String),
        hint: expect.stringMatching(/^The card on file was declined .*Pay with x402: /),
        details: { reason: 'card_declined', code: 'card_declined', declineCode: 'insufficient_funds' },
      },
      x402Version: 1,
      accepts: [offerFor('/v1/tasks', body.title)],
    });
    expect(declined.headers.get('payment-required')).toBeTruthy();
    expect(await countTasksOf(human.id)).toBe(0);

    const { statuses, pay } = x402Fetch(createTask);
    const res = await pay(new URL('/v1/tasks', 'http://localhost:3000').toString(), postWith(human.key, taskBody()));
    expect(statuses).toEqual([402, 201]);
    expect((await res.json()).data).toMatchObject({ status: 'posted', fundingSource: 'x402' });
  });

  it('an agent whose operator’s card is declined: the 402 offers x402 too', async () => {
    const parties = await taskParties();
    await addCard({ id: parties.operator.id, email: null }, DECLINED_AT_CHARGE);
    const res = await create(parties.agent.token);
    expect(res.status, res.text).toBe(402);
    expect(res.json).toMatchObject({
      error: { code: 'PAYMENT_FAILED', details: { reason: 'card_declined' } },
      x402Version: 1,
      accepts: [expect.objectContaining({ maxAmountRequired: String(TOTAL_CENTS * 10_000) })],
    });
    expect(res.headers.get('payment-required')).toBeTruthy();
    expect(await countTasksOf(parties.agent.id)).toBe(0);
  });

  it('a session caller keeps the card’s 402: the add-a-card hint, no x402 offer', async () => {
    const human = await operatorWithOwnKey();
    const res = await create(human.session);
    expect(res.status, res.text).toBe(402);
    expect(res.json).toEqual(
      envelope('PAYMENT_REQUIRED', {
        message: 'No card on file',
        hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard, Payments), then retry.',
      }),
    );
    expect(res.headers.get('payment-required')).toBeNull();

    await addCard({ id: human.id, email: null }, DECLINED_AT_CHARGE);
    const declined = await create(human.session);
    expect(declined.status, declined.text).toBe(402);
    expect(declined.json.error.code).toBe('PAYMENT_FAILED');
    expect(declined.json).not.toHaveProperty('accepts');
    expect(declined.headers.get('payment-required')).toBeNull();
  });
});

describe('POST /v1/tasks/{id}/publish with an operator’s own API key', () => {
  it('no card: 402 with the offer for this draft; a payment for it posts the draft', async () => {
    const human = await operatorWithOwnKey();
    const created = await create(human.key, lifecycleBody({ draft: true }));
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id as string;

    const demanded = await callAction('publish', id, human.key);
    expect(demanded.status, demanded.text).toBe(402);
    expect(demanded.json).toMatchObject({
      error: { code: 'PAYMENT_REQUIRED', hint: expect.stringMatching(/^No card on file to charge/) },
      x402Version: 1,
      accepts: [{ resource: new URL(`/v1/tasks/${id}/publish`, env().SITE_URL).toString() }],
    });
    expect(demanded.headers.get('payment-required')).toBeTruthy();
    expect(await taskRow(id)).toMatchObject({ status: 'draft', fundingSource: null });

    const requirements = demanded.json.accepts[0];
    const payer = newPayer();
    const header = base64Json(v1Payload(requirements, await signAuthorization(payer, requirements)));
    const res = await call(publish, `/v1/tasks/${id}/publish`, {
      token: human.key,
      params: { id },
      headers: { 'X-Payment': header },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'posted', fundingSource: 'x402', requesterId: human.id });
    const { db } = await getDatabase();
    const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
    expect(await escrowBalance(id)).toBe(row?.totalCents);
  });
});
