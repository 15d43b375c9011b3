import { NextResponse } from 'next/server';
import { getDatabase } from '@/db/client';
import { getBrowserUser } from '@/lib/api/next-auth';
import { openNotification } from '@/lib/services/notifications/open-notification';

// A notification's link on /notifications: marks it read for the signed-in person, then goes where it points
// (its page, or back to the list). Someone else's id, or none signed in, just lands on the list or the login.
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const current = await getBrowserUser();
  if (!current) return NextResponse.redirect(new URL('/login?next=/notifications', request.url), 303);
  const { db } = await getDatabase();
  const link = /^[0-9a-f-]{36}$/i.test(id) ? await openNotification(db, { userId: current.user.id, id }) : null;
  return NextResponse.redirect(new URL(link ?? '/notifications', request.url), 303);
}
