import type { Executor } from '@/db/client';

// What Legwork needs from a payment processor. Two adapters implement it: Stripe (when STRIPE_SECRET_KEY
// is set) and the built-in test mode (the embedded default, and always for `lgw_test_` keys). State changes
// on the processor's side come back as Stripe-shaped events through lib/payments/events, for both.
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

export type ProcessorName = 'stripe' | 'test-mode';

export type PayoutAccountStatus = {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Outstanding requirements (Stripe's `requirements.currently_due`). */
  requirements: string[];
};

export type ChargeOutcome =
  | { status: 'succeeded'; processorId: string }
  | { status: 'failed'; processorId: string | null; code: string; declineCode: string | null; message: string };

/** Why a Shared Payment Token did not pay; each maps to one MPP problem type (lib/payments/mpp/rejection.ts). */
export type SharedTokenRefusal = 'unknown' | 'other_seller' | 'used' | 'expired' | 'insufficient' | 'declined';

export type SharedTokenOutcome =
  | { status: 'succeeded'; processorId: string }
  | { status: 'refused'; refusal: SharedTokenRefusal; message: string };

export type IdentityStatus = 'not_started' | 'pending' | 'verified' | 'failed';

export type PaymentProcessor = {
  name: ProcessorName;
  livemode: boolean;
  /** A customer at the processor for one of our users. */
  createCustomer(input: { userId: string; email: string | null }): Promise<{ customerId: string }>;
  /** Where the human enters a card (Stripe: a SetupIntent's client secret; test mode: our own page). */
  createSetupSession(input: {
    customerId: string;
    returnUrl: string;
  }): Promise<{ setupUrl: string; clientSecret?: string }>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Re-reads a saved card (webhook events carry only its id). */
  getPaymentMethod(paymentMethodId: string): Promise<{ id: string; card: CardSummary }>;
  /**
   * Charges a saved card off-session, held on the platform for the task (`transferGroup`). The same
   * `idempotencyKey` always yields the same outcome, however often it is retried.
   */
  chargeCard(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
    transferGroup: string;
    description: string;
  }): Promise<ChargeOutcome>;
  /**
   * Charges a Shared Payment Token granted to `networkId` (MPP's `stripe` charge intent), held on the platform for
   * the task like a card charge. The same `idempotencyKey` always yields the same outcome.
   */
  chargeSharedPaymentToken(input: {
    token: string;
    networkId: string;
    amountCents: number;
    idempotencyKey: string;
    transferGroup: string;
    description: string;
  }): Promise<SharedTokenOutcome>;
  refund(input: {
    chargeProcessorId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** Moves money from the platform balance to a connected payout account. */
  transfer(input: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
    transferGroup: string;
  }): Promise<{ transferId: string }>;
  /** A connected payout account (Stripe Connect Express) for a worker. */
  createPayoutAccount(input: { userId: string; email: string | null }): Promise<{ accountId: string }>;
  /** A single-use onboarding link; `refreshUrl` is where an expired link sends the human back. */
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  getPayoutAccount(accountId: string): Promise<PayoutAccountStatus>;
  /** An identity verification session (Stripe Identity) and the page where the human completes it. */
  createIdentitySession(input: { userId: string; returnUrl: string }): Promise<{ sessionId: string; url: string }>;
  getIdentitySession(sessionId: string): Promise<{ status: IdentityStatus }>;
  /**
   * This processor acting inside a database transaction. Stripe ignores it; the test mode keeps its
   * objects in our database, so its calls must run on the caller's transaction (on PGlite, a second
   * connection would wait for that transaction forever).
   */
  inTransaction(tx: Executor): PaymentProcessor;
  /** Reachability, for /v1/health/deep. Throws when the processor cannot be reached. */
  probe(): Promise<void>;
};
