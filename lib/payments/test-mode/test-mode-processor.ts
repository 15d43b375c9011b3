import type { Executor } from '@/db/client';
import type { PaymentProcessor, PayoutAccountStatus } from '../processor';
import { getTestObject, putTestObject, testObjectId } from './objects';
import { chargeTestSharedPaymentToken } from './shared-payment-tokens';

export type TestSetupIntent = {
  customer: string;
  status: 'requires_payment_method' | 'succeeded';
  return_url: string;
  payment_method?: string;
};

export type TestAccount = {
  userId: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[] };
};

export type TestAccountLink = { account: string; return_url: string; refresh_url: string };

export type TestIdentitySession = {
  userId: string;
  status: 'requires_input' | 'verified' | 'canceled';
  return_url: string;
  last_error?: { code: string; reason: string };
};

const NEW_ACCOUNT_REQUIREMENTS = ['external_account', 'individual.dob.day', 'tos_acceptance.date'];

/** The built-in processor: no network, Stripe's test-card behaviour, and pages of our own to click through. */
export function createTestModeProcessor(db: Executor, siteUrl: string): PaymentProcessor {
  return {
    name: 'test-mode',
    livemode: false,
    inTransaction: (tx) => createTestModeProcessor(tx, siteUrl),
    async createCustomer({ userId, email }) {
      const customerId = testObjectId('cus');
      await putTestObject(db, customerId, 'customer', { userId, email });
      return { customerId };
    },
    async createSetupSession({ customerId, returnUrl }) {
      const id = testObjectId('seti');
      const intent: TestSetupIntent = {
        customer: customerId,
        status: 'requires_payment_method',
        return_url: returnUrl,
      };
      await putTestObject(db, id, 'setup_intent', intent);
      return { setupUrl: `${siteUrl}/test-processor/setup/${id}` };
    },
    async detachPaymentMethod(paymentMethodId) {
      const method = await getTestObject(db, paymentMethodId, 'payment_method');
      if (method) await putTestObject(db, paymentMethodId, 'payment_method', { ...method, customer: null });
    },
    async getPaymentMethod(paymentMethodId) {
      const method = await getTestObject<{
        card: { brand: string; last4: string; exp_month: number; exp_year: number };
      }>(db, paymentMethodId, 'payment_method');
      if (!method) throw new Error(`no such test-mode payment method: ${paymentMethodId}`);
      const { brand, last4, exp_month, exp_year } = method.card;
      return { id: paymentMethodId, card: { brand, last4, expMonth: exp_month, expYear: exp_year } };
    },
    async chargeSharedPaymentToken({ idempotencyKey, ...input }) {
      return once(db, idempotencyKey, () => chargeTestSharedPaymentToken(db, input));
    },
    async chargeCard({ paymentMethodId, amountCents, idempotencyKey, transferGroup }) {
      return once(db, idempotencyKey, async () => {
        const method = await getTestObject<{ test_outcome?: string; customer?: string | null }>(
          db,
          paymentMethodId,
          'payment_method',
        );
        const processorId = testObjectId('pi');
        if (!method?.customer) {
          return {
            status: 'failed',
            processorId: null,
            code: 'resource_missing',
            declineCode: null,
            message: 'No such payment method.',
          };
        }
        if (method.test_outcome === 'insufficient_funds') {
          await putTestObject(db, processorId, 'payment_intent', {
            amount: amountCents,
            status: 'requires_payment_method',
            transferGroup,
          });
          return {
            status: 'failed',
            processorId,
            code: 'card_declined',
            declineCode: 'insufficient_funds',
            message: 'Your card has insufficient funds.',
          };
        }
        await putTestObject(db, processorId, 'payment_intent', {
          amount: amountCents,
          status: 'succeeded',
          transferGroup,
          refunded: 0,
        });
        return { status: 'succeeded', processorId };
      });
    },
    async refund({ chargeProcessorId, amountCents, idempotencyKey }) {
      return once(db, idempotencyKey, async () => {
        const intent = await getTestObject<{ amount: number; refunded?: number }>(
          db,
          chargeProcessorId,
          'payment_intent',
        );
        if (!intent || (intent.refunded ?? 0) + amountCents > intent.amount) {
          throw new Error(`test-mode refund of ${amountCents} exceeds what ${chargeProcessorId} can refund`);
        }
        await putTestObject(db, chargeProcessorId, 'payment_intent', {
          ...intent,
          refunded: (intent.refunded ?? 0) + amountCents,
        });
        const refundId = testObjectId('re');
        await putTestObject(db, refundId, 'refund', { payment_intent: chargeProcessorId, amount: amountCents });
        return { refundId };
      });
    },
    async transfer({ accountId, amountCents, idempotencyKey, transferGroup }) {
      return once(db, idempotencyKey, async () => {
        const account = await getTestObject<TestAccount>(db, accountId, 'account');
        if (!account?.payouts_enabled) throw new Error(`test-mode account ${accountId} cannot receive transfers`);
        const transferId = testObjectId('tr');
        await putTestObject(db, transferId, 'transfer', { destination: accountId, amount: amountCents, transferGroup });
        return { transferId };
      });
    },
    async createPayoutAccount({ userId }) {
      const accountId = testObjectId('acct');
      const account: TestAccount = {
        userId,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: { currently_due: NEW_ACCOUNT_REQUIREMENTS },
      };
      await putTestObject(db, accountId, 'account', account);
      return { accountId };
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const id = testObjectId('link');
      const link: TestAccountLink = { account: accountId, return_url: returnUrl, refresh_url: refreshUrl };
      await putTestObject(db, id, 'account_link', link);
      return { url: `${siteUrl}/test-processor/onboarding/${id}` };
    },
    async getPayoutAccount(accountId) {
      const account = await getTestObject<TestAccount>(db, accountId, 'account');
      if (!account) throw new Error(`no such test-mode account: ${accountId}`);
      return toPayoutStatus(account);
    },
    async createIdentitySession({ userId, returnUrl }) {
      const sessionId = testObjectId('vs');
      const session: TestIdentitySession = { userId, status: 'requires_input', return_url: returnUrl };
      await putTestObject(db, sessionId, 'identity_session', session);
      return { sessionId, url: `${siteUrl}/test-processor/identity/${sessionId}` };
    },
    async getIdentitySession(sessionId) {
      const session = await getTestObject<TestIdentitySession>(db, sessionId, 'identity_session');
      if (!session) throw new Error(`no such test-mode identity session: ${sessionId}`);
      const status =
        session.status === 'verified'
          ? 'verified'
          : session.status === 'canceled' || session.last_error
            ? 'failed'
            : 'pending';
      return { status };
    },
    async probe() {},
  };
}

/**
 * Stripe's idempotency for the test-mode processor: the first result for a key is stored and returned for
 * every retry. Concurrent first calls are kept apart by the callers: a charge by its row's `processing` claim,
 * transfers and refunds by the payment outbox's lease, which outlasts this processor's instant answer.
 */
async function once<T extends Record<string, unknown>>(db: Executor, key: string, run: () => Promise<T>): Promise<T> {
  const id = `idem_${key}`;
  const stored = await getTestObject<{ result: T }>(db, id, 'idempotent_result');
  if (stored) return stored.result;
  const result = await run();
  await putTestObject(db, id, 'idempotent_result', { result });
  return result;
}

export function toPayoutStatus(account: TestAccount): PayoutAccountStatus {
  return {
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    detailsSubmitted: account.details_submitted,
    requirements: account.requirements.currently_due,
  };
}
