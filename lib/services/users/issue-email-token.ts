import type { Executor } from '@/db/client';
import { emailTokens } from '@/db/schema';
import { generateEmailToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from '@/lib/auth/email-tokens';
import { sha256Hex } from '@/lib/auth/tokens';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

const TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: VERIFY_EMAIL_TTL_MS,
  reset_password: RESET_PASSWORD_TTL_MS,
};

/** The raw token goes into the email and nowhere else. */
export async function issueEmailToken(
  db: Executor,
  input: { userId: string; email: string; purpose: EmailTokenPurpose },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateEmailToken();
  const expiresAt = new Date(Date.now() + TTL_MS[input.purpose]);
  await db.insert(emailTokens).values({ ...input, tokenHash: sha256Hex(token), expiresAt });
  return { token, expiresAt };
}
