import type { Executor } from '@/db/client';
import { sessions } from '@/db/schema';
import { generateSessionToken, sha256Hex } from '@/lib/auth/tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionMeta = {
  ip?: string;
  userAgent?: string | null;
  /** The API reference's Try it token lives shorter. */
  ttlMs?: number;
};

export type IssuedSession = { id: string; token: string; expiresAt: Date };

/** The raw token is returned once and never stored. */
export async function issueSession(db: Executor, userId: string, meta: SessionMeta = {}): Promise<IssuedSession> {
  const token = generateSessionToken();
  const expiresAt = new Date(Date.now() + Math.min(meta.ttlMs ?? SESSION_TTL_MS, SESSION_TTL_MS));
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: sha256Hex(token),
      expiresAt,
      ip: meta.ip && meta.ip !== '0.0.0.0' ? meta.ip : null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { id: row.id, token, expiresAt };
}
