import { reply } from '@/lib/api/outcome';
import { paymentRequiredReply } from '@/lib/api/payment-required-reply';
import { type Actor, type ActorUser, userOf } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors/api-error';
import { readX402Payment, X402Rejection } from '@/lib/payments/x402/accept-payment';
import { X402_PAYMENT_HINT, x402Requirements } from '@/lib/payments/x402/requirements';
import type { PostOutcome, X402Offer } from '@/lib/services/tasks/post-task';
import { toTaskResource } from '@/lib/services/tasks/to-task-resource';

// The HTTP side of funding a task (POST /v1/tasks and POST /v1/tasks/{id}/publish): the x402 requirements for
// this request, the offered payment header, and the answer — 201 with the settlement header, or 402.

export function x402For(request: Request, task: { totalCents: number; title: string }) {
  const requirements = x402Requirements({
    totalCents: task.totalCents,
    // The public address of this very request, stable across instances and retries.
    resource: new URL(new URL(request.url).pathname, env().SITE_URL).toString(),
    description: `Legwork task: ${task.title}`.slice(0, 200),
  });
  return {
    requirements,
    readOffer: (): X402Offer | null => {
      const payment = readX402Payment(request);
      return payment ? { payment, requirements } : null;
    },
  };
}

type CardRefusal = 'no_card' | 'spending_limit_exceeded' | 'card_declined';

/** Why the card could not pay, said first in the hint of an API-key caller's 402; the x402 retry steps follow. */
function cardRefusalHint(reason: CardRefusal, user: ActorUser): string {
  const why = {
    no_card:
      user.type === 'agent'
        ? 'Your operator has no card on file to charge.'
        : 'No card on file to charge (add one with POST /v1/payments/wallet/setup, or on the dashboard, Payments).',
    spending_limit_exceeded:
      'The total is over the agent’s remaining `spendingLimitCents` on its operator’s card (the operator can raise it).',
    card_declined: 'The card on file was declined (`details.code`, `details.declineCode`); another card may work.',
  }[reason];
  return `${why} ${X402_PAYMENT_HINT}`;
}

/** A card charge that certainly did not happen (declined, or no card any more): chargeForTask's refusals. */
function isCardRefusal(error: unknown): error is ApiError & { code: 'PAYMENT_FAILED' | 'PAYMENT_REQUIRED' } {
  return error instanceof ApiError && (error.code === 'PAYMENT_FAILED' || error.code === 'PAYMENT_REQUIRED');
}

/**
 * Runs the funding step and turns its outcome into the answer. A refused x402 payment — a malformed header
 * (read inside `fund`, through `readOffer`) as much as a wrong amount — is a 402 with the requirements again.
 * Every 402 to an API-key caller (an agent's key or a human's own, DESIGN §4 "Tasks") carries the x402 offer,
 * whatever kept the card from paying, so an off-the-shelf x402 client can always pay; a session caller (a person
 * in a browser, no wallet) gets the card's own error.
 */
export async function fundingReply(
  actor: Actor,
  requirements: ReturnType<typeof x402Requirements>,
  fund: () => Promise<PostOutcome>,
  successStatus: 200 | 201,
) {
  const user = userOf(actor);
  let outcome: PostOutcome;
  try {
    outcome = await fund();
  } catch (error) {
    if (error instanceof X402Rejection) {
      return paymentRequiredReply(requirements, {
        code: 'PAYMENT_FAILED',
        reason: error.reason,
        message: error.message,
      });
    }
    if (actor.kind === 'apiKey' && isCardRefusal(error)) {
      const reason = error.code === 'PAYMENT_FAILED' ? 'card_declined' : 'no_card';
      return paymentRequiredReply(requirements, {
        code: error.code,
        message: error.message,
        reason,
        details: error.details,
        hint: cardRefusalHint(reason, user),
      });
    }
    throw error;
  }
  if (outcome.kind === 'posted') {
    return reply(successStatus, toTaskResource(outcome.task, { side: 'requester' }), outcome.paymentHeaders);
  }
  if (actor.kind !== 'apiKey') {
    throw new ApiError('PAYMENT_REQUIRED', {
      message: outcome.reason,
      hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard, Payments), then retry.',
    });
  }
  const reason = outcome.remainingCents !== undefined ? 'spending_limit_exceeded' : 'no_card';
  return paymentRequiredReply(requirements, {
    message: `${outcome.reason}. Pay with x402 instead.`,
    reason,
    hint: cardRefusalHint(reason, user),
  });
}
