import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { listNotificationsOperation } from '@/lib/schemas/notifications';
import { listNotifications } from '@/lib/services/notifications/list-notifications';

// GET /v1/notifications — your notifications, newest first
export const GET = route(listNotificationsOperation, ({ db, actor, query }) =>
  listNotifications(db, { user: userOf(actor), ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
