import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { env } from '@/lib/env';
import { rotateOwnKeyOperation } from '@/lib/schemas/api-keys';
import { rotateOwnKey } from '@/lib/services/operators/rotate-own-key';

// POST /v1/operators/me/keys/rotate-self — a fresh key; the calling one works until its grace period ends
export const POST = route(rotateOwnKeyOperation, ({ db, actor }) => {
  if (actor.kind !== 'apiKey') throw new Error('rotate-self reached its handler without an API key');
  const { KEY_ROTATION_GRACE_SECONDS, ROTATED_KEY_LIFETIME_DAYS } = env();
  return rotateOwnKey(db, actor.apiKey.id, {
    graceSeconds: KEY_ROTATION_GRACE_SECONDS,
    rotatedKeyLifetimeDays: ROTATED_KEY_LIFETIME_DAYS,
  });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods({ POST });
