import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type EmailToken, emailTokens } from '@/db/schema';
import { isWellFormedEmailToken } from '@/lib/auth/email-tokens';
import { sha256Hex } from '@/lib/auth/tokens';
import { ApiError } from '@/lib/errors/api-error';
import { findEmailToken } from './find-email-token';
import type { EmailTokenPurpose } from './issue-email-token';

export const EMAIL_LINK_HINTS: Record<EmailTokenPurpose, Record<'missing' | 'expired' | 'used', string>> = {
  verify_email: {
    missing:
      'Copy the whole link from the newest verification email, or ask for a new one with POST /v1/users/me/email/resend.',
    expired: 'Verification links work for 24 hours. Ask for a new one with POST /v1/users/me/email/resend.',
    used: 'Each verification link works once. If you opened it before, GET /v1/users/me shows `emailVerified: true`.',
  },
  reset_password: {
    missing:
      'Copy the whole link from the newest password-reset email, or ask for a new one with POST /v1/auth/password-reset.',
    expired: 'Password-reset links work for 1 hour. Ask for a new one with POST /v1/auth/password-reset.',
    used: 'Each password-reset link works once. Ask for a new one with POST /v1/auth/password-reset.',
  },
};

export type ConsumeEmailTokenOptions = { token: string; purpose: EmailTokenPurpose; userId?: string };

// One conditional UPDATE, so two requests racing on one link cannot both succeed.
export async function consumeEmailToken(
  db: Executor,
  { token, purpose, userId }: ConsumeEmailTokenOptions,
): Promise<EmailToken> {
  const hints = EMAIL_LINK_HINTS[purpose];
  if (!isWellFormedEmailToken(token)) throw new ApiError('EMAIL_LINK_NOT_FOUND', { hint: hints.missing });
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256Hex(token)),
        eq(emailTokens.purpose, purpose),
        userId ? eq(emailTokens.userId, userId) : undefined,
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (used) return used;
  const found = await findEmailToken(db, { token, purpose, userId });
  if (found?.usedAt) throw new ApiError('EMAIL_LINK_USED', { hint: hints.used });
  if (found) throw new ApiError('EMAIL_LINK_EXPIRED', { hint: hints.expired });
  throw new ApiError('EMAIL_LINK_NOT_FOUND', { hint: hints.missing });
}
