import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityVerifications, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { listIdVerificationSessions } from './list-id-verification-sessions';

export type StartIdVerificationOptions = { processor: PaymentProcessor; userId: string; returnUrl: string };

export async function startIdVerification(db: Db, { processor, userId, returnUrl }: StartIdVerificationOptions) {
  const [profile] = await db
    .select({ id: workerProfiles.id })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, userId));
  if (!profile) throw new ApiError('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' });
  const sessions = await listIdVerificationSessions(db, userId, processor);
  if (sessions.some((session) => session.status === 'verified')) return { alreadyVerified: true };
  const { sessionId, url } = await processor.createIdentitySession({ userId, returnUrl });
  await db.insert(identityVerifications).values({
    userId,
    livemode: processor.livemode,
    processor: processor.name,
    sessionId,
    status: 'pending',
  });
  return { verificationUrl: url, sessionId };
}
