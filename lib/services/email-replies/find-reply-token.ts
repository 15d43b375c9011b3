import { and, gt, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { replyTokens } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';

export type ReplyToken = { userId: string; taskId: string };

export async function findReplyToken(db: Executor, tokens: string[]): Promise<ReplyToken | null> {
  const hashes = [...new Set(tokens)].slice(0, 20).map(sha256Hex);
  if (hashes.length === 0) return null;
  const rows = await db
    .select({ tokenHash: replyTokens.tokenHash, userId: replyTokens.userId, taskId: replyTokens.taskId })
    .from(replyTokens)
    .where(and(inArray(replyTokens.tokenHash, hashes), gt(replyTokens.expiresAt, new Date())));
  const row = hashes.map((hash) => rows.find((candidate) => candidate.tokenHash === hash)).find(Boolean);
  return row ? { userId: row.userId, taskId: row.taskId } : null;
}
