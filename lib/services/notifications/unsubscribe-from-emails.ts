import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { readUnsubscribeToken } from '@/lib/auth/unsubscribe-token';
import { ApiError } from '@/lib/errors/api-error';
import { updateNotificationPreferences } from './update-notification-preferences';

// RFC 8058, without a session: the signed token names the person and the kind.
export async function unsubscribeFromEmails(db: Executor, token: string) {
  const target = readUnsubscribeToken(token);
  const [person] = target ? await db.select({ id: users.id }).from(users).where(eq(users.id, target.userId)) : [];
  if (!target || !person) {
    throw new ApiError('EMAIL_LINK_NOT_FOUND', {
      message: 'This unsubscribe link is not valid',
      hint: 'Use the whole link from the email, or change your email switches in your account settings.',
    });
  }
  await updateNotificationPreferences(db, { userId: target.userId, email: { [target.kind]: false } });
  return { kind: target.kind, email: false as const };
}
