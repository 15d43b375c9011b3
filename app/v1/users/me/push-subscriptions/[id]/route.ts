import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { deletePushSubscriptionOperation } from '@/lib/schemas/push';
import { deletePushSubscription } from '@/lib/services/messaging/push/delete-push-subscription';
import { assertPerson } from '@/lib/services/notifications/assert-person';

// DELETE /v1/users/me/push-subscriptions/{id} — stop pushing to that browser
export const DELETE = route(deletePushSubscriptionOperation, ({ db, actor, params }) => {
  const user = userOf(actor);
  assertPerson(user);
  return deletePushSubscription(db, { userId: user.id, id: params.id });
});

export const { GET, POST, PUT, PATCH } = otherMethods({ DELETE });
