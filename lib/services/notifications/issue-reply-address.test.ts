import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { replyTokens } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/tokens';
import { insertTask } from '@/test/agents';
import { signUpViaApi } from '@/test/sessions';
import { issueReplyAddress } from './issue-reply-address';

describe('issueReplyAddress', () => {
  it('gives a 160-bit lowercase token in Reply-To and Message-ID, and stores only its hash', async () => {
    const { db } = await getDatabase();
    const { userId } = await signUpViaApi('reply');
    const task = await insertTask(userId);
    const first = await issueReplyAddress(db, { userId, taskId: task.id });
    const second = await issueReplyAddress(db, { userId, taskId: task.id });
    expect(first.token).toMatch(/^[a-z2-7]{32}$/);
    expect(first.replyTo).toBe(`reply+${first.token}@reply.legwork.local`);
    expect(first.messageId).toBe(`<reply-${first.token}@reply.legwork.local>`);
    expect(second.token).not.toBe(first.token);
    const [row] = await db
      .select()
      .from(replyTokens)
      .where(eq(replyTokens.tokenHash, sha256Hex(first.token)));
    expect(row).toMatchObject({ userId, taskId: task.id });
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});
