import Stripe from 'stripe';
import type { PaymentProcessor, SharedTokenOutcome } from '../processor';

type GrantedToken = {
  id: string;
  deactivated_at: number | null;
  deactivated_reason: string | null;
  usage_limits: { currency: string; expires_at: number | null; max_amount: number | null } | null;
};

type Charge = Parameters<PaymentProcessor['chargeSharedPaymentToken']>[0];

// The pinned SDK (stripe 23.1) has no shared-payment resources, so both calls go through its raw request helper,
// which keeps its auth, retries and idempotency keys. The token is read first (docs.stripe.com/api/shared-payment/
// granted-token/retrieve): a token granted to another seller is not ours to read, so Stripe answers 404.
export async function chargeStripeSharedToken(stripe: Stripe, input: Charge): Promise<SharedTokenOutcome> {
  let token: GrantedToken;
  try {
    token = await stripe.rawRequest('GET', `/v1/shared_payment/granted_tokens/${encodeURIComponent(input.token)}`);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      const message = 'This shared payment token is unknown here or granted to another seller.';
      return { status: 'refused', refusal: 'other_seller', message };
    }
    throw error;
  }
  const limits = token.usage_limits;
  if (token.deactivated_at) {
    const refusal = token.deactivated_reason === 'expired' ? 'expired' : 'used';
    return {
      status: 'refused',
      refusal,
      message: `This shared payment token is ${token.deactivated_reason ?? 'deactivated'}.`,
    };
  }
  if (limits?.expires_at && limits.expires_at * 1000 <= Date.now()) {
    return { status: 'refused', refusal: 'expired', message: 'This shared payment token has expired.' };
  }
  if (limits?.currency && limits.currency !== 'usd') {
    return {
      status: 'refused',
      refusal: 'insufficient',
      message: `This shared payment token is for ${limits.currency}.`,
    };
  }
  if (limits?.max_amount !== null && limits?.max_amount !== undefined && limits.max_amount < input.amountCents) {
    const message = `This shared payment token allows at most ${limits.max_amount} cents.`;
    return { status: 'refused', refusal: 'insufficient', message };
  }
  try {
    const intent: { id: string; status: string } = await stripe.rawRequest(
      'POST',
      '/v1/payment_intents',
      {
        amount: input.amountCents,
        currency: 'usd',
        confirm: true,
        payment_method_data: { shared_payment_granted_token: input.token },
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        transfer_group: input.transferGroup,
        description: input.description,
        metadata: { network_id: input.networkId },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (intent.status === 'succeeded') return { status: 'succeeded', processorId: intent.id };
    return { status: 'refused', refusal: 'declined', message: `The payment did not complete (${intent.status})` };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      return { status: 'refused', refusal: 'declined', message: error.message };
    throw error;
  }
}
