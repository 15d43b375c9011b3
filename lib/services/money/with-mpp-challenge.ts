import { mppChallenge, wwwAuthenticate } from '@/lib/payments/mpp/challenge';
import { ATOMIC_UNITS_PER_CENT } from '@/lib/payments/x402/requirements';
import type { Funder, FundingOutcome } from './funding-outcome';

// Every 402 to an API-key caller also offers MPP, priced from the same requirements as its x402 offer, so the two
// rails always ask for the same total. A session (a browser) has neither a wallet nor an SPT.
export function withMppChallenge(outcome: FundingOutcome, funder: Pick<Funder, 'viaApiKey' | 'user'>): FundingOutcome {
  if (outcome.kind !== 'paymentRequired' || !funder.viaApiKey) return outcome;
  const { requirements } = outcome;
  const challenge = mppChallenge({
    totalCents: Number(BigInt(requirements.maxAmountRequired) / ATOMIC_UNITS_PER_CENT),
    resource: requirements.resource,
    userId: funder.user.id,
    description: requirements.description,
  });
  return { ...outcome, mppChallenge: wwwAuthenticate(challenge) };
}
