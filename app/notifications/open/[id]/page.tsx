import { redirect } from 'next/navigation';
import { getDatabase } from '@/db/client';
import { openNotification } from '@/lib/services/notifications/open-notification';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

export const dynamic = 'force-dynamic';

// A notification's link on /notifications (a plain <a>, never prefetched): marks it read for the signed-in person,
// then goes where it points, or back to the list for someone else's id or one without a page.
export default async function OpenNotificationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireBrowserActor('/notifications');
  const { db } = await getDatabase();
  const link = /^[0-9a-f-]{36}$/i.test(id) ? await openNotification(db, { userId: user.id, id }) : null;
  redirect(link ?? '/notifications');
}
