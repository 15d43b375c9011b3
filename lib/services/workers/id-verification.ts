import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { identityVerifications, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { PaymentProcessor } from '@/lib/payments/processor';

const inMode = (userId: string, processor: PaymentProcessor) =>
  and(
    eq(identityVerifications.userId, userId),
    eq(identityVerifications.livemode, processor.livemode),
    eq(identityVerifications.processor, processor.name),
  );

/** The caller's sessions with this processor, newest first. */
async function sessionsOf(db: Db, userId: string, processor: PaymentProcessor) {
  return db
    .select()
    .from(identityVerifications)
    .where(inMode(userId, processor))
    .orderBy(desc(identityVerifications.createdAt), desc(identityVerifications.id));
}

/** Starts a session with the processor's identity provider, unless the identity is already verified. */
export async function startIdVerification(db: Db, processor: PaymentProcessor, userId: string, returnUrl: string) {
  const [profile] = await db
    .select({ id: workerProfiles.id })
    .from(workerProfiles)
    .where(eq(workerProfiles.userId, userId));
  if (!profile) throw new ApiError('NOT_FOUND', { hint: 'Create your worker profile with POST /v1/workers first.' });
  const sessions = await sessionsOf(db, userId, processor);
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

/** The latest session's status, whether any session was verified, and when. */
export async function getIdVerificationStatus(db: Db, processor: PaymentProcessor, userId: string) {
  const sessions = await sessionsOf(db, userId, processor);
  const verifiedAt = sessions
    .map((session) => session.verifiedAt)
    .filter((at): at is Date => at !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    status: sessions[0]?.status ?? 'not_started',
    idVerified: sessions.some((session) => session.status === 'verified'),
    lastVerifiedAt: verifiedAt?.toISOString() ?? null,
  };
}
