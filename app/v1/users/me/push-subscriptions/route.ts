import { otherMethods } from '@/lib/api/other-methods';
import { reply } from '@/lib/api/outcome';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createPushSubscriptionOperation, listPushSubscriptionsOperation } from '@/lib/schemas/push';
import { createPushSubscription } from '@/lib/services/messaging/push/create-push-subscription';
import { listPushSubscriptions } from '@/lib/services/messaging/push/list-push-subscriptions';
import { assertPerson } from '@/lib/services/notifications/assert-person';

// POST /v1/users/me/push-subscriptions — store this browser's push subscription (the same endpoint again: 200)
export const POST = route(createPushSubscriptionOperation, async ({ db, actor, body }) => {
  const user = userOf(actor);
  assertPerson(user);
  const { created, subscription } = await createPushSubscription(db, { userId: user.id, input: body });
  return created ? subscription : reply(200, subscription);
});

// GET /v1/users/me/push-subscriptions — the browsers that receive your pushes
export const GET = route(listPushSubscriptionsOperation, ({ db, actor }) => {
  const user = userOf(actor);
  assertPerson(user);
  return listPushSubscriptions(db, user.id);
});

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
