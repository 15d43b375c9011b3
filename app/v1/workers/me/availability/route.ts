import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { setAvailabilityOperation } from '@/lib/schemas/worker-availability';
import { setAvailability } from '@/lib/services/workers/set-availability';

// PUT /v1/workers/me/availability — replace the weekly schedule and exceptions
export const PUT = route(setAvailabilityOperation, ({ db, actor, body }) =>
  setAvailability(db, userOf(actor).id, body),
);

export const { GET, POST, PATCH, DELETE } = otherMethods({ PUT });
