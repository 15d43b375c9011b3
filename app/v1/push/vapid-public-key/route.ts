import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { vapidKeys } from '@/lib/push/vapid-keys';
import { getVapidPublicKeyOperation } from '@/lib/schemas/push';

// GET /v1/push/vapid-public-key — the key a browser subscribes with (public)
export const GET = route(getVapidPublicKeyOperation, async () => ({ publicKey: vapidKeys().publicKey }));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
