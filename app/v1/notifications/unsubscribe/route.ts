import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { unsubscribeOperation } from '@/lib/schemas/notifications';
import { unsubscribeFromEmails } from '@/lib/services/notifications/unsubscribe-from-emails';

// POST /v1/notifications/unsubscribe?token=… — RFC 8058 one-click unsubscribe from one kind of email (no sign-in)
export const POST = route(unsubscribeOperation, ({ db, query }) => unsubscribeFromEmails(db, query.token));

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
