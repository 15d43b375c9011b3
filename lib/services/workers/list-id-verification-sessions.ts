import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityVerifications } from '@/db/schema';
import type { PaymentProcessor } from '@/lib/payments/processor';

const inMode = (userId: string, processor: PaymentProcessor) =>
  and(
    eq(identityVerifications.userId, userId),
    eq(identityVerifications.livemode, processor.livemode),
    eq(identityVerifications.processor, processor.name),
  );

export async function listIdVerificationSessions(db: Db, userId: string, processor: PaymentProcessor) {
  return db
    .select()
    .from(identityVerifications)
    .where(inMode(userId, processor))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id));
}
