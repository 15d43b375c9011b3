import { env, isLiveStripeKey } from '@/lib/env';
import { x402Config } from './config';

/**
 * Whether this deployment can take x402 payments, for the health check. Test mode always can (the signature is
 * checked offline and the payment recorded as settled). Live mode (a live Stripe key) settles only through a
 * facilitator; without X402_FACILITATOR_URL live payments are refused (post-task.ts), so x402 is reported off.
 * Live settings that would lose money (a test network, the placeholder address) stop the process in lib/env.ts.
 */
export function x402Availability(): { enabled: boolean; detail: string } {
  const { network, payTo, facilitatorUrl } = x402Config();
  if (facilitatorUrl) return { enabled: true, detail: `${network}, settled by the facilitator, paid to ${payTo}` };
  if (isLiveStripeKey(env().STRIPE_SECRET_KEY)) {
    return {
      enabled: false,
      detail:
        'disabled for live callers: set X402_FACILITATOR_URL, X402_NETWORK=base and X402_PAY_TO to take live USDC',
    };
  }
  return { enabled: true, detail: `test mode: ${network}, settled locally without a facilitator` };
}
