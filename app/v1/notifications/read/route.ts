import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { markNotificationsReadOperation } from '@/lib/schemas/notifications';
import { markNotificationsRead } from '@/lib/services/notifications/mark-notifications-read';

// POST /v1/notifications/read — mark some or all read; answers how many stay unread
export const POST = route(markNotificationsReadOperation, ({ db, actor, body }) =>
  markNotificationsRead(db, { user: userOf(actor), ...body }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
