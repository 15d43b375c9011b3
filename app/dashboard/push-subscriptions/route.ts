import { validate } from '@/lib/api/steps/parse-input';
import { createPushSubscriptionOperation } from '@/lib/schemas/push';
import { createPushSubscription } from '@/lib/services/messaging/push/create-push-subscription';
import { browserRoute } from '@/lib/web/browser-route';

// The pages' own door to POST /v1/users/me/push-subscriptions: the browser holds a session cookie, not a bearer
// token, so the worker home's "Enable notifications" button stores its subscription here, through the same body
// schema and service.
export const dynamic = 'force-dynamic';

// POST /dashboard/push-subscriptions — store this browser's push subscription for the signed-in person
export const POST = browserRoute(async ({ request, user, database }) => {
  const input = validate(createPushSubscriptionOperation.body, await request.json().catch(() => undefined));
  const { created, subscription } = await createPushSubscription(database.db, { userId: user.id, input });
  return { status: created ? 201 : 200, data: subscription };
});
