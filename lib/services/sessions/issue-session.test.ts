import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { sessions } from '@/db/schema';
import { insertUser } from '@/test/factories';
import { issueSession, SESSION_TTL_MS } from './issue-session';

describe('issueSession', () => {
  it('lives 30 days by default, and shorter when asked (never longer)', async () => {
    const { db } = await getDatabase();
    const user = await insertUser(db);
    const started = Date.now();
    const normal = await issueSession(db, user.id);
    const hour = await issueSession(db, user.id, { ttlMs: 60 * 60 * 1000 });
    const tooLong = await issueSession(db, user.id, { ttlMs: 2 * SESSION_TTL_MS });
    expect(normal.expiresAt.getTime() - started).toBeGreaterThanOrEqual(SESSION_TTL_MS - 1000);
    expect(hour.expiresAt.getTime() - started).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
    expect(tooLong.expiresAt.getTime() - started).toBeLessThanOrEqual(SESSION_TTL_MS + 1000);
    const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, hour.id));
    expect(row?.expiresAt.getTime()).toBe(hour.expiresAt.getTime());
  });
});
