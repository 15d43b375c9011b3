import { ApiError } from '@/lib/api/errors';
import { reply } from '@/lib/api/outcome';
import type { ActorUser } from '@/lib/auth/actor';
import { env } from '@/lib/env';
import { readX402Payment, X402Rejection } from '@/lib/payments/x402/accept-payment';
import { paymentRequiredReply, x402Requirements } from '@/lib/payments/x402/requirements';
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

/**
 * Runs the funding step and turns its outcome into the answer. A refused x402 payment — a malformed header
 * (read inside `fund`, through `readOffer`) as much as a wrong amount — is a 402 with the requirements again.
 */
export async function fundingReply(
  user: ActorUser,
  requirements: ReturnType<typeof x402Requirements>,
  fund: () => Promise<PostOutcome>,
  successStatus: 200 | 201,
) {
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
    throw error;
  }
  if (outcome.kind === 'posted') {
    return reply(successStatus, toTaskResource(outcome.task, { side: 'requester' }), outcome.paymentHeaders);
  }
  if (user.type !== 'agent') {
    throw new ApiError('PAYMENT_REQUIRED', {
      message: outcome.reason,
      hint: 'Add a card with POST /v1/payments/wallet/setup (or on the dashboard, Payments), then retry.',
    });
  }
  return paymentRequiredReply(requirements, {
    message: `${outcome.reason}. Pay with x402 instead.`,
    reason: outcome.remainingCents !== undefined ? 'spending_limit_exceeded' : 'no_card',
  });
}
