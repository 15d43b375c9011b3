import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST } from '@/app/v1/webhooks/payments/route';
import { getDatabase } from '@/db/client';
import {
  charges,
  identityVerifications,
  paymentCustomers,
  payoutAccounts,
  processorEvents,
  transfers,
} from '@/db/schema';
import { insertUser } from '@/test/factories';
import { send } from '@/test/http';
import { stripeSignature, withWebhookSecret } from '@/test/stripe-webhooks';

// Every handler is exercised through the real route: signed with the Stripe SDK, verified, recorded.
const SECRET = withWebhookSecret();
const uid = () => crypto.randomUUID().replaceAll('-', '');
// Event `created` values are the processor's clock, not ours: fixed numbers keep ordering explicit.
const T = 1_760_000_000;

type EventOptions = { created?: number; livemode?: boolean };

/** Delivers a signed Stripe event and expects it acknowledged (and recorded) as a first delivery. */
async function deliver(type: string, object: Record<string, unknown>, options: EventOptions = {}) {
  const id = `evt_${uid()}`;
  const livemode = options.livemode ?? false;
  const created = options.created ?? T;
  const payload = JSON.stringify({ id, object: 'event', type, livemode, created, data: { object } });
  const header = stripeSignature(payload, SECRET);
  const res = await send(
    POST,
    new Request('http://localhost:3000/v1/webhooks/payments', {
      method: 'POST',
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
      body: payload,
    }),
  );
  expect(res.status, `${type}: ${res.text}`).toBe(200);
  expect(res.json).toEqual({ received: true });
  const { db } = await getDatabase();
  const recorded = await db.select().from(processorEvents).where(eq(processorEvents.eventId, id));
  expect(recorded).toEqual([{ eventId: id, type, livemode, receivedAt: expect.any(Date) }]);
}

const db = async () => (await getDatabase()).db;
/** The columns every payment row needs: a fresh user, test mode, the Stripe processor. */
const newUserId = async () => (await insertUser(await db())).id;
const owner = async (livemode = false) => ({ userId: await newUserId(), livemode, processor: 'stripe' });

async function insertPayoutAccount(livemode = false) {
  const accountId = `acct_${uid()}`;
  await (await db()).insert(payoutAccounts).values({ ...(await owner(livemode)), accountId });
  return accountId;
}
async function insertCustomer(livemode = false) {
  const customerId = `cus_${uid()}`;
  await (await db()).insert(paymentCustomers).values({ ...(await owner(livemode)), customerId });
  return customerId;
}
async function insertCharge(values: Partial<typeof charges.$inferInsert> = {}) {
  const processorId = `pi_${uid()}`;
  await (await db()).insert(charges).values({ ...(await owner()), processorId, amountCents: 2500, ...values });
  return processorId;
}
async function insertTransfer(values: Partial<typeof transfers.$inferInsert> = {}) {
  const processorId = `tr_${uid()}`;
  await (await db()).insert(transfers).values({ ...(await owner()), processorId, amountCents: 2000, ...values });
  return processorId;
}
async function insertIdentity() {
  const sessionId = `vs_${uid()}`;
  await (await db()).insert(identityVerifications).values({ ...(await owner()), sessionId });
  return sessionId;
}

const first = <T>(rows: T[]) => rows[0];
const payoutAccount = async (id: string) =>
  first(await (await db()).select().from(payoutAccounts).where(eq(payoutAccounts.accountId, id)));
const customer = async (id: string) =>
  first(await (await db()).select().from(paymentCustomers).where(eq(paymentCustomers.customerId, id)));
const charge = async (id: string) =>
  first(await (await db()).select().from(charges).where(eq(charges.processorId, id)));
const transfer = async (id: string) =>
  first(await (await db()).select().from(transfers).where(eq(transfers.processorId, id)));
const identity = async (id: string) =>
  first(await (await db()).select().from(identityVerifications).where(eq(identityVerifications.sessionId, id)));

const accountObject = (id: string, fields: Record<string, unknown>) => ({ id, object: 'account', ...fields });
const intentObject = (id: string, fields = {}) => ({ id, object: 'payment_intent', ...fields });
const INSUFFICIENT = { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Insufficient funds.' };

describe('account.updated', () => {
  it('sets charges, payouts, details and the outstanding requirements', async () => {
    const id = await insertPayoutAccount();
    const due = ['external_account', 'individual.verification.document'];
    const fields = { charges_enabled: true, payouts_enabled: false, details_submitted: true };
    await deliver('account.updated', accountObject(id, { ...fields, requirements: { currently_due: due } }));
    expect(await payoutAccount(id)).toMatchObject({
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
      requirements: due,
      eventCreated: T,
    });

    const done = { charges_enabled: true, payouts_enabled: true, details_submitted: true };
    await deliver('account.updated', accountObject(id, { ...done, requirements: { currently_due: [] } }), {
      created: T + 10,
    });
    expect(await payoutAccount(id)).toMatchObject({ payoutsEnabled: true, requirements: [], eventCreated: T + 10 });
  });

  it('an older account.updated arriving after a newer one changes nothing (out of order)', async () => {
    const id = await insertPayoutAccount();
    const newer = { charges_enabled: true, payouts_enabled: true, details_submitted: true };
    await deliver('account.updated', accountObject(id, { ...newer, requirements: { currently_due: [] } }), {
      created: T + 100,
    });
    const applied = await payoutAccount(id);
    expect(applied).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, eventCreated: T + 100 });

    const older = { charges_enabled: false, payouts_enabled: false, details_submitted: false };
    await deliver('account.updated', accountObject(id, { ...older, requirements: { currently_due: ['tos'] } }), {
      created: T + 99,
    });
    expect(await payoutAccount(id)).toEqual(applied);
  });

  it('a test-mode event does not touch a live row with the same account id', async () => {
    const id = await insertPayoutAccount(true);
    const before = await payoutAccount(id);
    const fields = { charges_enabled: true, payouts_enabled: true, details_submitted: true };
    await deliver('account.updated', accountObject(id, fields), { livemode: false });
    expect(await payoutAccount(id)).toEqual(before);

    await deliver('account.updated', accountObject(id, fields), { livemode: true });
    expect(await payoutAccount(id)).toMatchObject({ chargesEnabled: true, payoutsEnabled: true, eventCreated: T });
  });
});

describe('setup_intent.succeeded', () => {
  it('stores the expanded payment method: id, brand, last4 and expiry', async () => {
    const customerId = await insertCustomer();
    const pm = `pm_${uid()}`;
    const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 };
    const payment_method = { id: pm, object: 'payment_method', card };
    await deliver('setup_intent.succeeded', { id: `seti_${uid()}`, customer: customerId, payment_method });
    expect(await customer(customerId)).toMatchObject({
      paymentMethodId: pm,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: 2034,
    });
  });

  it('an unexpanded payment method stores the id only; a live event leaves a test customer alone', async () => {
    const customerId = await insertCustomer();
    const before = await customer(customerId);
    const pm = `pm_${uid()}`;
    const intent = { id: `seti_${uid()}`, object: 'setup_intent', customer: customerId, payment_method: pm };
    await deliver('setup_intent.succeeded', intent, { livemode: true });
    expect(await customer(customerId)).toEqual(before);

    await deliver('setup_intent.succeeded', intent);
    expect(await customer(customerId)).toEqual({ ...before, paymentMethodId: pm, updatedAt: expect.any(Date) });
  });
});

describe('payment_intent.*', () => {
  it('succeeded moves processing to succeeded; a late payment_failed or canceled does not regress it', async () => {
    const pi = await insertCharge();
    await deliver('payment_intent.succeeded', intentObject(pi, { status: 'succeeded' }));
    const succeeded = await charge(pi);
    expect(succeeded).toMatchObject({ status: 'succeeded', failureCode: null, failureMessage: null });

    const failed = intentObject(pi, { last_payment_error: INSUFFICIENT });
    await deliver('payment_intent.payment_failed', failed, { created: T - 5 });
    await deliver('payment_intent.canceled', intentObject(pi, { status: 'canceled' }), { created: T - 1 });
    expect(await charge(pi)).toEqual(succeeded);
  });

  it('payment_failed stores decline_code (or code) and the message; a later success clears them', async () => {
    const declined = await insertCharge();
    await deliver('payment_intent.payment_failed', intentObject(declined, { last_payment_error: INSUFFICIENT }));
    const stored = { status: 'failed', failureCode: 'insufficient_funds', failureMessage: 'Insufficient funds.' };
    expect(await charge(declined)).toMatchObject(stored);

    const expired = await insertCharge();
    const codeOnly = { code: 'expired_card', message: 'Your card has expired.' };
    await deliver('payment_intent.payment_failed', intentObject(expired, { last_payment_error: codeOnly }));
    expect(await charge(expired)).toMatchObject({
      status: 'failed',
      failureCode: 'expired_card',
      failureMessage: 'Your card has expired.',
    });

    // The customer retried with another card and it went through.
    await deliver('payment_intent.succeeded', intentObject(declined), { created: T + 1 });
    expect(await charge(declined)).toMatchObject({ status: 'succeeded', failureCode: null, failureMessage: null });
  });

  it('canceled applies to processing and failed charges, and a canceled charge never succeeds', async () => {
    const processing = await insertCharge();
    await deliver('payment_intent.canceled', intentObject(processing, { status: 'canceled' }));
    expect(await charge(processing)).toMatchObject({ status: 'canceled' });
    const canceled = await charge(processing);
    await deliver('payment_intent.succeeded', intentObject(processing), { created: T + 1 });
    await deliver('payment_intent.payment_failed', intentObject(processing, { last_payment_error: {} }));
    expect(await charge(processing)).toEqual(canceled);

    const failed = await insertCharge({ status: 'failed', failureCode: 'card_declined', failureMessage: 'Declined' });
    await deliver('payment_intent.canceled', intentObject(failed));
    expect(await charge(failed)).toMatchObject({ status: 'canceled', failureCode: 'card_declined' });
  });

  it('a test-mode event does not touch a live charge', async () => {
    const pi = await insertCharge({ livemode: true });
    const before = await charge(pi);
    await deliver('payment_intent.succeeded', intentObject(pi), { livemode: false });
    expect(await charge(pi)).toEqual(before);
  });
});

describe('charge.refunded and charge.dispute.created', () => {
  it('refunded_cents only grows: a smaller amount_refunded arriving late does not lower it', async () => {
    const pi = await insertCharge({ status: 'succeeded', amountCents: 5000 });
    const refunded = (amount: number) => ({ id: `ch_${uid()}`, payment_intent: pi, amount_refunded: amount });
    await deliver('charge.refunded', refunded(1500));
    expect(await charge(pi)).toMatchObject({ refundedCents: 1500, status: 'succeeded' });
    await deliver('charge.refunded', refunded(4000), { created: T + 20 });
    expect(await charge(pi)).toMatchObject({ refundedCents: 4000 });
    await deliver('charge.refunded', refunded(1500), { created: T + 10 });
    expect(await charge(pi)).toMatchObject({ refundedCents: 4000, status: 'succeeded' });
  });

  it('dispute.created marks the charge disputed', async () => {
    const pi = await insertCharge({ status: 'succeeded' });
    const other = await insertCharge({ status: 'succeeded' });
    const dispute = { id: `dp_${uid()}`, object: 'dispute', charge: `ch_${uid()}`, payment_intent: pi, amount: 2500 };
    await deliver('charge.dispute.created', dispute);
    expect(await charge(pi)).toMatchObject({ disputed: true, status: 'succeeded', refundedCents: 0 });
    expect(await charge(other)).toMatchObject({ disputed: false });
  });
});

describe('transfer.*', () => {
  const transferObject = (id: string, fields: Record<string, unknown> = {}) => ({ id, object: 'transfer', ...fields });

  it('created marks a pending transfer paid; a full reversal marks it reversed with reversed_cents', async () => {
    const tr = await insertTransfer({ amountCents: 2000 });
    await deliver('transfer.created', transferObject(tr, { amount: 2000, amount_reversed: 0 }));
    expect(await transfer(tr)).toMatchObject({ status: 'paid', reversedCents: 0 });

    await deliver('transfer.reversed', transferObject(tr, { amount: 2000, amount_reversed: 2000, reversed: true }));
    expect(await transfer(tr)).toMatchObject({ status: 'reversed', reversedCents: 2000 });

    // A late transfer.created or a smaller reversal cannot bring it back. (The smaller reversal still
    // matches the row and rewrites it with the same values, so only updated_at may move.)
    const { updatedAt: _before, ...reversed } = (await transfer(tr)) ?? {};
    await deliver('transfer.created', transferObject(tr, { amount: 2000 }), { created: T - 10 });
    await deliver('transfer.reversed', transferObject(tr, { amount_reversed: 500 }), { created: T - 5 });
    const { updatedAt: _after, ...after } = (await transfer(tr)) ?? {};
    expect(after).toEqual(reversed);
  });

  it('a partial reversal records reversed_cents and keeps the transfer paid', async () => {
    const tr = await insertTransfer({ amountCents: 2000, status: 'paid' });
    await deliver('transfer.reversed', transferObject(tr, { amount: 2000, amount_reversed: 500 }));
    expect(await transfer(tr)).toMatchObject({ status: 'paid', reversedCents: 500 });
    await deliver('transfer.reversed', transferObject(tr, { amount: 2000, amount_reversed: 2000 }), { created: T + 1 });
    expect(await transfer(tr)).toMatchObject({ status: 'reversed', reversedCents: 2000 });
  });
});

describe('identity.verification_session.*', () => {
  const session = (id: string, status: string) => ({ id, object: 'identity.verification_session', status });

  it('verified sets status and verifiedAt; a late requires_input (newer or older) does not un-verify', async () => {
    const vs = await insertIdentity();
    await deliver('identity.verification_session.processing', session(vs, 'processing'), { created: T });
    expect(await identity(vs)).toMatchObject({ status: 'pending', verifiedAt: null, eventCreated: T });

    await deliver('identity.verification_session.verified', session(vs, 'verified'), { created: T + 60 });
    const verified = await identity(vs);
    expect(verified).toMatchObject({ status: 'verified', verifiedAt: new Date((T + 60) * 1000), eventCreated: T + 60 });

    await deliver('identity.verification_session.requires_input', session(vs, 'requires_input'), { created: T + 120 });
    await deliver('identity.verification_session.requires_input', session(vs, 'requires_input'), { created: T + 30 });
    await deliver('identity.verification_session.canceled', session(vs, 'canceled'), { created: T + 180 });
    expect(await identity(vs)).toEqual(verified);
  });

  it('requires_input marks a pending session failed; an older processing event does not undo it', async () => {
    const vs = await insertIdentity();
    await deliver('identity.verification_session.requires_input', session(vs, 'requires_input'), { created: T + 50 });
    const failed = await identity(vs);
    expect(failed).toMatchObject({ status: 'failed', verifiedAt: null, eventCreated: T + 50 });
    await deliver('identity.verification_session.processing', session(vs, 'processing'), { created: T + 40 });
    expect(await identity(vs)).toEqual(failed);
  });
});

describe('events for objects we do not know', () => {
  it('are acknowledged with 200 and change no row', async () => {
    const rows = {
      account: await insertPayoutAccount(),
      customer: await insertCustomer(),
      charge: await insertCharge(),
      transfer: await insertTransfer(),
      session: await insertIdentity(),
    };
    const snapshot = async () => ({
      account: await payoutAccount(rows.account),
      customer: await customer(rows.customer),
      charge: await charge(rows.charge),
      transfer: await transfer(rows.transfer),
      session: await identity(rows.session),
    });
    const before = await snapshot();
    const pm = { id: `pm_${uid()}`, card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 } };
    const events: [string, Record<string, unknown>][] = [
      ['account.updated', accountObject(`acct_${uid()}`, { charges_enabled: true, payouts_enabled: true })],
      ['setup_intent.succeeded', { id: `seti_${uid()}`, customer: `cus_${uid()}`, payment_method: pm }],
      ['setup_intent.succeeded', { id: `seti_${uid()}`, customer: null, payment_method: pm }],
      ['payment_intent.succeeded', intentObject(`pi_${uid()}`)],
      ['payment_intent.payment_failed', intentObject(`pi_${uid()}`, { last_payment_error: { code: 'x' } })],
      ['payment_intent.canceled', intentObject(`pi_${uid()}`)],
      ['charge.refunded', { id: `ch_${uid()}`, payment_intent: `pi_${uid()}`, amount_refunded: 100 }],
      ['charge.refunded', { id: `ch_${uid()}`, payment_intent: null, amount_refunded: 100 }],
      ['charge.dispute.created', { id: `dp_${uid()}`, payment_intent: `pi_${uid()}` }],
      ['transfer.created', { id: `tr_${uid()}` }],
      ['transfer.reversed', { id: `tr_${uid()}`, amount_reversed: 100 }],
      ['identity.verification_session.verified', { id: `vs_${uid()}` }],
      ['identity.verification_session.requires_input', { id: `vs_${uid()}` }],
    ];
    for (const [type, object] of events) await deliver(type, object, { created: T + 1000 });
    expect(await snapshot()).toEqual(before);
  });
});
