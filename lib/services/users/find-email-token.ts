import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { emailTokens } from '@/db/schema';
import { isWellFormedEmailToken } from '@/lib/auth/email-tokens';
import { sha256Hex } from '@/lib/auth/tokens';
import type { EmailTokenPurpose } from './issue-email-token';

export type EmailTokenState = 'open' | 'expired' | 'used';

export type FindEmailTokenOptions = { token: string; purpose: EmailTokenPurpose; userId?: string };

// Without using it up: the reset page shows the form only for a live link.
export async function findEmailToken(db: Executor, { token, purpose, userId }: FindEmailTokenOptions) {
  if (!isWellFormedEmailToken(token)) return undefined;
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, sha256Hex(token)),
        eq(emailTokens.purpose, purpose),
        userId ? eq(emailTokens.userId, userId) : undefined,
      ),
    );
  if (!row) return undefined;
  const state: EmailTokenState = row.usedAt ? 'used' : row.expiresAt > new Date() ? 'open' : 'expired';
  return { ...row, state };
}
