import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import {
  getNotificationPreferencesOperation,
  updateNotificationPreferencesOperation,
} from '@/lib/schemas/notifications';
import { assertPerson } from '@/lib/services/notifications/assert-person';
import { notificationPreferencesOf } from '@/lib/services/notifications/notification-preferences';
import { updateNotificationPreferences } from '@/lib/services/notifications/update-notification-preferences';

// GET /v1/notifications/preferences — your email and SMS switches per kind
export const GET = route(getNotificationPreferencesOperation, ({ db, actor }) => {
  const user = userOf(actor);
  assertPerson(user);
  return notificationPreferencesOf(db, user.id);
});

// PUT /v1/notifications/preferences — change the switches named, keep the rest
export const PUT = route(updateNotificationPreferencesOperation, ({ db, actor, body }) => {
  const user = userOf(actor);
  assertPerson(user);
  return updateNotificationPreferences(db, { userId: user.id, ...body });
});

export const { POST, PATCH, DELETE } = otherMethods({ GET, PUT });
