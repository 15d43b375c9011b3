import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { paymentCustomers, testProcessorObjects } from '@/db/schema';
import { env, resetEnvCache } from '@/lib/env';
import { confirmTestSetup } from '@/lib/payments/test-mode/confirm-test-setup';
import { envelope } from '@/test/expect';
import { insertApiKey, insertUser } from '@/test/factories';
import { call, uniqueIp } from '@/test/http';
import { withoutStripe } from '@/test/payments';
import { signUpViaApi } from '@/test/sessions';
import { DELETE as removeRoute } from './payment-method/route';
import { GET as walletRoute } from './route';
import { POST as setupRoute } from './setup/route';

// Built-in test mode for every caller unless a test configures Stripe itself.
withoutStripe();

const SETUP_URL = /\/test-processor\/setup\/(seti_test_[A-Za-z0-9_-]{16})$/;
const CARD_4242 = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const PAYMENT_SCOPES = ['payments:read', 'payments:write'];

const signUp = () => signUpViaApi('wallet');

/** A fresh user with an API key (the payments scopes unless told otherwise). */
async function withApiKey(scopes = PAYMENT_SCOPES) {
  const { db } = await getDatabase();
  const user = await insertUser(db);
  const { key } = await insertApiKey(db, { userId: user.id, scopes });
  return { userId: user.id, token: key };
}

const getWallet = (token?: string) => call(walletRoute, '/v1/payments/wallet', { token, ip: uniqueIp() });
const startSetup = (token?: string) => call(setupRoute, '/v1/payments/wallet/setup', { token, ip: uniqueIp() });
const removeCard = (token?: string) =>
  call(removeRoute, '/v1/payments/wallet/payment-method', { token, ip: uniqueIp() });

/** POST wallet/setup, asserting the 201 body; returns the setup intent id from the URL. */
async function setupIntentId(token: string): Promise<string> {
  const res = await startSetup(token);
  expect(res.status, res.text).toBe(201);
  expect(res.json).toEqual({ data: { setupUrl: expect.stringMatching(SETUP_URL) } });
  expect(res.json.data.setupUrl.startsWith(`${env().SITE_URL}/test-processor/setup/`)).toBe(true);
  return SETUP_URL.exec(res.json.data.setupUrl)?.[1] ?? '';
}

async function customerRows(userId: string) {
  const { db } = await getDatabase();
  return db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
}

describe('GET /v1/payments/wallet', () => {
  it('before any card: {paymentMethod: null, processor: test-mode}, and no customer is created', async () => {
    const { userId, token } = await signUp();
    const res = await getWallet(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { paymentMethod: null, processor: 'test-mode' } });
    expect(await customerRows(userId)).toEqual([]);
  });
});

describe('POST /v1/payments/wallet/setup, then the test card page', () => {
  it('answers 201 with a test-processor setup URL and stores a test-mode payment customer', async () => {
    const { userId, token } = await signUp();
    const intentId = await setupIntentId(token);

    const rows = await customerRows(userId);
    expect(rows).toEqual([
      {
        userId,
        livemode: false,
        processor: 'test-mode',
        customerId: expect.stringMatching(/^cus_test_/),
        paymentMethodId: null,
        cardBrand: null,
        cardLast4: null,
        cardExpMonth: null,
        cardExpYear: null,
        updatedAt: expect.any(Date),
      },
    ]);
    const { db } = await getDatabase();
    const [intent] = await db.select().from(testProcessorObjects).where(eq(testProcessorObjects.id, intentId));
    expect(intent).toMatchObject({
      type: 'setup_intent',
      data: {
        customer: rows[0]?.customerId,
        status: 'requires_payment_method',
        return_url: `${env().SITE_URL}/dashboard/payments`,
      },
    });

    // A second setup reuses the customer.
    const again = await setupIntentId(token);
    expect(again).not.toBe(intentId);
    expect(await customerRows(userId)).toEqual(rows);
  });

  it('a confirmed 4242 card shows in the wallet (brand, last4, expiry) and on the customer row', async () => {
    const { userId, token } = await signUp();
    const intentId = await setupIntentId(token);
    const { db } = await getDatabase();

    const confirmed = await confirmTestSetup(db, intentId, CARD_4242);
    expect(confirmed).toEqual({ ok: true, returnUrl: `${env().SITE_URL}/dashboard/payments` });

    const res = await getWallet(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: {
        paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
        processor: 'test-mode',
      },
    });
    const [row] = await customerRows(userId);
    expect(row).toMatchObject({
      paymentMethodId: expect.stringMatching(/^pm_test_/),
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2034,
    });
    // The card number itself is stored nowhere.
    const objects = await db
      .select()
      .from(testProcessorObjects)
      .where(sql`${testProcessorObjects.data}::text like '%4242424242424242%'`);
    expect(objects).toEqual([]);
  });

  it('a declined card returns {ok: false, code: card_declined} and stores nothing', async () => {
    const { userId, token } = await signUp();
    const intentId = await setupIntentId(token);
    const { db } = await getDatabase();
    const [before] = await customerRows(userId);

    const declined = await confirmTestSetup(db, intentId, { ...CARD_4242, number: '4000000000000002' });
    expect(declined).toEqual({ ok: false, code: 'card_declined', message: 'Your card was declined.' });

    expect(await customerRows(userId)).toEqual([before]);
    const methods = await db
      .select()
      .from(testProcessorObjects)
      .where(
        and(
          eq(testProcessorObjects.type, 'payment_method'),
          sql`${testProcessorObjects.data}->>'customer' = ${before?.customerId}`,
        ),
      );
    expect(methods).toEqual([]);
    const [intent] = await db.select().from(testProcessorObjects).where(eq(testProcessorObjects.id, intentId));
    expect(intent?.data).toMatchObject({ status: 'requires_payment_method' });
    expect(intent?.data).not.toHaveProperty('payment_method');
    expect((await getWallet(token)).json).toEqual({ data: { paymentMethod: null, processor: 'test-mode' } });
  });
});

describe('DELETE /v1/payments/wallet/payment-method', () => {
  it('removes the card ({removed: true}); the wallet is empty; a second DELETE says removed: false', async () => {
    const { userId, token } = await signUp();
    const { db } = await getDatabase();
    expect(await confirmTestSetup(db, await setupIntentId(token), CARD_4242)).toMatchObject({ ok: true });
    const [withCard] = await customerRows(userId);

    const first = await removeCard(token);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ data: { removed: true } });

    expect((await getWallet(token)).json).toEqual({ data: { paymentMethod: null, processor: 'test-mode' } });
    const [row] = await customerRows(userId);
    expect(row).toEqual({
      ...withCard,
      paymentMethodId: null,
      cardBrand: null,
      cardLast4: null,
      cardExpMonth: null,
      cardExpYear: null,
      updatedAt: expect.any(Date),
    });
    // The processor side detached it too.
    const [method] = await db
      .select()
      .from(testProcessorObjects)
      .where(eq(testProcessorObjects.id, withCard?.paymentMethodId ?? ''));
    expect(method?.data).toMatchObject({ customer: null });

    const second = await removeCard(token);
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ data: { removed: false } });
  });

  it('DELETE without ever having a customer answers removed: false', async () => {
    const { token } = await signUp();
    const res = await removeCard(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { removed: false } });
  });
});

describe('wallet with API keys', () => {
  it('a key with payments:read and payments:write can set up, read and remove a card', async () => {
    const { token } = await withApiKey();
    const { db } = await getDatabase();
    expect(await confirmTestSetup(db, await setupIntentId(token), CARD_4242)).toMatchObject({ ok: true });
    const res = await getWallet(token);
    expect(res.status).toBe(200);
    expect(res.json.data.paymentMethod).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect((await removeCard(token)).json).toEqual({ data: { removed: true } });
  });

  it('a key without the payments scopes gets 403 FORBIDDEN naming the missing scope', async () => {
    const { userId, token } = await withApiKey(['tasks:read']);
    const forbidden = (scope: string) =>
      envelope('FORBIDDEN', {
        message: `This API key lacks the \`${scope}\` scope`,
        hint: 'Use a key that has this scope, or create one with it from the dashboard.',
        details: { requiredScope: scope },
      });

    const read = await getWallet(token);
    expect(read.status).toBe(403);
    expect(read.json).toEqual(forbidden('payments:read'));

    const setup = await startSetup(token);
    expect(setup.status).toBe(403);
    expect(setup.json).toEqual(forbidden('payments:write'));

    const remove = await removeCard(token);
    expect(remove.status).toBe(403);
    expect(remove.json).toEqual(forbidden('payments:write'));

    expect(await customerRows(userId)).toEqual([]);
  });

  it('a read-only key can read the wallet but not start a setup', async () => {
    const { userId, token } = await withApiKey(['payments:read']);
    expect((await getWallet(token)).status).toBe(200);
    const setup = await startSetup(token);
    expect(setup.status).toBe(403);
    expect(setup.json.error).toMatchObject({ code: 'FORBIDDEN', details: { requiredScope: 'payments:write' } });
    expect(await customerRows(userId)).toEqual([]);
  });
});

describe('wallet: which processor serves the caller', () => {
  it('with STRIPE_SECRET_KEY set, a session gets stripe but an lgw_test_ key keeps test mode', async () => {
    const { userId, token: session } = await signUp();
    const { db } = await getDatabase();
    const { key: testKey } = await insertApiKey(db, { userId, mode: 'test', scopes: PAYMENT_SCOPES });
    process.env.STRIPE_SECRET_KEY = 'sk_test_not_a_real_key';
    resetEnvCache();
    try {
      // Reading the wallet needs no call to the processor.
      const viaSession = await getWallet(session);
      expect(viaSession.status).toBe(200);
      expect(viaSession.json).toEqual({ data: { paymentMethod: null, processor: 'stripe' } });
      const viaTestKey = await getWallet(testKey);
      expect(viaTestKey.status).toBe(200);
      expect(viaTestKey.json).toEqual({ data: { paymentMethod: null, processor: 'test-mode' } });
      // The test key's setup runs on the built-in test mode, with no network call.
      await setupIntentId(testKey);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      resetEnvCache();
    }
  });
});
