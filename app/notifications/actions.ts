'use server';

import { revalidatePath } from 'next/cache';
import type { ActionState } from '@/components/ui/action-form';
import { getDatabase } from '@/db/client';
import { NOTIFICATION_KINDS } from '@/db/schema';
import { markNotificationsRead } from '@/lib/services/notifications/mark-notifications-read';
import { updateNotificationPreferences } from '@/lib/services/notifications/update-notification-preferences';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';

// The notifications page's forms: the same services as POST /v1/notifications/read and PUT …/preferences.

/** "Mark all read". */
export async function markAllReadAction(): Promise<void> {
  const user = await requireBrowserActor('/notifications');
  const { db } = await getDatabase();
  await markNotificationsRead(db, { user, all: true });
  revalidatePath('/', 'layout');
}

const messageChoice = (form: FormData, channel: 'email' | 'sms') => {
  const value = form.get(`messageDelivery:${channel}`);
  return value === 'each' || value === 'batched' || value === 'none' ? value : undefined;
};

/**
 * The switches: every kind's email, SMS and push checkbox and the digest box, as submitted (an unticked box is off);
 * messages' own choice per channel (each, batched, none) sets their switch.
 */
export async function savePreferencesAction(_state: ActionState, form: FormData): Promise<ActionState> {
  const user = await requireBrowserActor('/notifications');
  const switches = (channel: 'email' | 'sms' | 'push') =>
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, form.get(`${channel}:${kind}`) === 'on']));
  const { db } = await getDatabase();
  await updateNotificationPreferences(db, {
    userId: user.id,
    email: switches('email'),
    sms: switches('sms'),
    push: switches('push'),
    agentChargeDigest: form.get('agentChargeDigest') === 'on',
    messageDelivery: { email: messageChoice(form, 'email'), sms: messageChoice(form, 'sms') },
  });
  revalidatePath('/notifications');
  return { saved: true };
}
