// What Legwork needs from a payment processor. Two adapters implement it: Stripe (when STRIPE_SECRET_KEY
// is set) and the built-in test mode (the embedded default, and always for `lgw_test_` keys). State changes
// on the processor's side come back as Stripe-shaped events through lib/payments/events, for both.
export type CardSummary = { brand: string; last4: string; expMonth: number; expYear: number };

export type ProcessorName = 'stripe' | 'test-mode';

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
  /** Reachability, for /v1/health/deep. Throws when the processor cannot be reached. */
  probe(): Promise<void>;
};
