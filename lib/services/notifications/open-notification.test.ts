import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@/db/client';
import { notifications } from '@/db/schema';
import { signUpViaApi } from '@/test/sessions';
import { countUnreadNotifications } from './count-unread-notifications';
import { openNotification } from './open-notification';

async function notificationFor(userId: string, link: string | null) {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(notifications)
    .values({ userId, kind: 'message', title: 't', body: 'b', link, dedupeKey: crypto.randomUUID() })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('openNotification', () => {
  it('marks the person’s own notification read and answers its page', async () => {
    const { db } = await getDatabase();
    const { userId } = await signUpViaApi('open-note');
    const row = await notificationFor(userId, '/worker/tasks/abc');
    expect(await countUnreadNotifications(db, userId)).toBe(1);
    expect(await openNotification(db, { userId, id: row.id })).toBe('/worker/tasks/abc');
    expect(await countUnreadNotifications(db, userId)).toBe(0);
    const [read] = await db.select().from(notifications).where(eq(notifications.id, row.id));
    expect(read?.readAt).toBeInstanceOf(Date);
  });

  it('does nothing with someone else’s, and never answers a link off the site', async () => {
    const { db } = await getDatabase();
    const owner = await signUpViaApi('open-owner');
    const stranger = await signUpViaApi('open-stranger');
    const row = await notificationFor(owner.userId, '/dashboard/tasks/x');
    expect(await openNotification(db, { userId: stranger.userId, id: row.id })).toBeNull();
    expect(await countUnreadNotifications(db, owner.userId)).toBe(1);
    for (const link of ['https://evil.example/', '//evil.example/x', null]) {
      const other = await notificationFor(owner.userId, link);
      expect(await openNotification(db, { userId: owner.userId, id: other.id })).toBeNull();
    }
  });
});
