import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { ApiError, errorTable } from '@/lib/errors/api-error';

const operators = alias(users, 'operators');

const RESEND = 'POST /v1/users/me/email/resend';

export type Refused = 'human' | 'agent' | 'claimCode';

export const NOT_VERIFIED_REFUSALS: Record<Refused, { message: string; hint: string }> = {
  human: { message: errorTable.EMAIL_NOT_VERIFIED.message, hint: errorTable.EMAIL_NOT_VERIFIED.hint },
  agent: {
    message: 'Your operator has not verified their email address',
    hint: `Your operator opens the verification link we emailed them, or asks for a new one with ${RESEND} (signed in), then you try again.`,
  },
  claimCode: {
    message: 'The operator of this claim code has not verified their email address',
    hint: `The operator opens the verification link we emailed them, or asks for a new one with ${RESEND} (signed in); the code stays unused meanwhile.`,
  },
};

// An agent is refused while its operator's email is unverified: an agent has no email, and one without an operator
// has nobody to vouch for it. Refused before anything is written.
export async function assertEmailVerified(db: Executor, userId: string, { viaClaimCode = false } = {}) {
  const [row] = await db
    .select({ type: users.type, verifiedAt: users.emailVerifiedAt, operatorVerifiedAt: operators.emailVerifiedAt })
    .from(users)
    .leftJoin(operators, eq(operators.id, users.ownerId))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} not found`);
  const verified = row.type === 'agent' ? row.operatorVerifiedAt !== null : row.verifiedAt !== null;
  if (verified) return;
  throw new ApiError('EMAIL_NOT_VERIFIED', NOT_VERIFIED_REFUSALS[viaClaimCode ? 'claimCode' : row.type]);
}
