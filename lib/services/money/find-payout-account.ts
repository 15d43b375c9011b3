import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { payoutAccounts } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';

export async function findPayoutAccount(db: Executor, userId: string, processor: PaymentProcessor) {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.userId, userId),
        eq(payoutAccounts.livemode, processor.livemode),
        eq(payoutAccounts.processor, processor.name),
      ),
    )
    .limit(1);
  return row;
}
