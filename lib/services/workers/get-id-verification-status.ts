import type { Db } from '@/db/client';
import type { PaymentProcessor } from '@/lib/payments/processor';
import { listIdVerificationSessions } from './list-id-verification-sessions';

export async function getIdVerificationStatus(db: Db, processor: PaymentProcessor, userId: string) {
  const sessions = await listIdVerificationSessions(db, userId, processor);
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
