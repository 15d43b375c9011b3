import { randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import { replyTokens } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { env } from '@/lib/env';

export const REPLY_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export type IssueReplyAddressOptions = { userId: string; taskId: string };

// 160 random bits in lowercase base32 (safe in a local part whatever a mail system does to case), stored as its
// SHA-256 only. `messageId` carries the token for mail systems that drop the `+tag` (DESIGN §5).
export async function issueReplyAddress(db: Executor, { userId, taskId }: IssueReplyAddressOptions) {
  const token = base32(randomBytes(20));
  await db.insert(replyTokens).values({
    tokenHash: sha256Hex(token),
    userId,
    taskId,
    expiresAt: new Date(Date.now() + REPLY_TOKEN_TTL_MS),
  });
  const domain = env().REPLY_DOMAIN;
  return { token, replyTo: `reply+${token}@${domain}`, messageId: `<reply-${token}@${domain}>` };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
