import Stripe from 'stripe';
import type { ChargeOutcome, IdentityStatus, PaymentProcessor } from '../processor';
import { chargeStripeSharedToken } from './charge-shared-token';

export type StripeProcessorOptions = {
  secretKey: string;
  /** For tests against a local stand-in: `{ host, port, protocol }`. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
  timeoutMs?: number;
};

/**
 * Stripe behind the PaymentProcessor interface: Checkout in setup mode to save a card, off-session
 * PaymentIntents for charges (separate charges and transfers, one `transfer_group` per task), Connect
 * Express with Account Links for payouts, Stripe Identity. Every write carries an idempotency key built
 * from our ids, and the SDK retries network errors and 5xx with that same key, so a retry never pays twice.
 */
export function createStripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    ...(options.endpoint ?? {}),
  });
  const livemode = options.secretKey.startsWith('sk_live_') || options.secretKey.startsWith('rk_live_');

  const processor: PaymentProcessor = {
    name: 'stripe',
    livemode,
    inTransaction: () => processor,
    async createCustomer({ userId, email }) {
      const customer = await stripe.customers.create(
        { email: email ?? undefined, metadata: { userId } },
        { idempotencyKey: `user:${userId}:customer` },
      );
      return { customerId: customer.id };
    },
    async createSetupSession({ customerId, returnUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency: 'usd',
        success_url: returnUrl,
        cancel_url: returnUrl,
      });
      if (!session.url) throw new Error('Stripe returned a setup session without a URL');
      return { setupUrl: session.url };
    },
    async detachPaymentMethod(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },
    async getPaymentMethod(paymentMethodId) {
      const method = await stripe.paymentMethods.retrieve(paymentMethodId);
      if (!method.card) throw new Error(`payment method ${paymentMethodId} is not a card`);
      const { brand, last4, exp_month, exp_year } = method.card;
      return { id: method.id, card: { brand, last4, expMonth: exp_month, expYear: exp_year } };
    },
    async chargeCard(input): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            off_session: true,
            confirm: true,
            transfer_group: input.transferGroup,
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'succeeded', processorId: intent.id };
        return {
          status: 'failed',
          processorId: intent.id,
          code: intent.status,
          declineCode: null,
          message: `The payment did not complete (${intent.status})`,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            processorId: error.payment_intent?.id ?? null,
            code: error.code ?? 'card_declined',
            declineCode: error.decline_code ?? null,
            message: error.message,
          };
        }
        throw error;
      }
    },
    chargeSharedPaymentToken: (input) => chargeStripeSharedToken(stripe, input),
    async refund({ chargeProcessorId, amountCents, idempotencyKey }) {
      const refund = await stripe.refunds.create(
        { payment_intent: chargeProcessorId, amount: amountCents },
        { idempotencyKey },
      );
      return { refundId: refund.id };
    },
    async transfer({ accountId, amountCents, idempotencyKey, transferGroup }) {
      const transfer = await stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination: accountId, transfer_group: transferGroup },
        { idempotencyKey },
      );
      return { transferId: transfer.id };
    },
    async createPayoutAccount({ userId, email }) {
      const account = await stripe.accounts.create(
        { type: 'express', email: email ?? undefined, metadata: { userId } },
        { idempotencyKey: `user:${userId}:payout-account` },
      );
      return { accountId: account.id };
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },
    async getPayoutAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return {
        chargesEnabled: account.charges_enabled,
        payoutsEnabled: account.payouts_enabled,
        detailsSubmitted: account.details_submitted,
        requirements: account.requirements?.currently_due ?? [],
      };
    },
    async createIdentitySession({ userId, returnUrl }) {
      const session = await stripe.identity.verificationSessions.create({
        type: 'document',
        metadata: { userId },
        return_url: returnUrl,
      });
      if (!session.url) throw new Error('Stripe returned a verification session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async getIdentitySession(sessionId) {
      const session = await stripe.identity.verificationSessions.retrieve(sessionId);
      return { status: identityStatus(session) };
    },
    async probe() {
      await stripe.balance.retrieve();
    },
  };
  return processor;
}

function identityStatus(session: Stripe.Identity.VerificationSession): IdentityStatus {
  if (session.status === 'verified') return 'verified';
  if (session.status === 'canceled' || session.last_error) return 'failed';
  return 'pending';
}
