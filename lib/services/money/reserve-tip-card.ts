import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { users } from '@/db/schema';
import type { ActorUser } from '@/lib/auth/actor';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { findPaymentCustomer } from './find-payment-customer';
import type { CardFunding } from './reserve-card-funding';
import { cardSpend } from './reserve-card-funding';

export type ReserveTipCardOptions = {
  processor: PaymentProcessor;
  /** Who pays: an agent (its operator's card, within its cap) or a human (their own card, no cap). */
  user: Pick<ActorUser, 'id' | 'type' | 'ownerId'>;
  amountCents: number;
};

/**
 * Whose card pays a tip. The agent's row is locked before its spend is counted (as for a task), so two tips of one
 * agent at once are counted against its cap one after the other. The caller has locked the task first.
 */
export async function reserveTipCard(
  tx: Tx,
  { processor, user, amountCents }: ReserveTipCardOptions,
): Promise<CardFunding> {
  const payerId = user.type === 'agent' ? user.ownerId : user.id;
  if (!payerId) return { refusal: 'This agent has no operator whose card could pay' };
  if (user.type === 'agent') {
    const [agent] = await tx
      .select({ limit: users.spendingLimitCents })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    if (agent?.limit !== null && agent?.limit !== undefined) {
      const remainingCents = Math.max(0, agent.limit - (await cardSpend(tx, { agentId: user.id })));
      if (amountCents > remainingCents) {
        return { refusal: `The agent’s spending limit leaves ${remainingCents} cents`, remainingCents };
      }
    }
  }
  const customer = await findPaymentCustomer(tx, payerId, processor);
  if (!customer?.paymentMethodId) {
    return { refusal: user.type === 'agent' ? 'The operator has no card on file' : 'No card on file' };
  }
  return { payerId };
}
