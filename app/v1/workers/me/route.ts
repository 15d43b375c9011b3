import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { getOwnWorkerProfileOperation, updateOwnWorkerProfileOperation } from '@/lib/schemas/workers';
import { getOwnWorkerProfile } from '@/lib/services/workers/get-own-worker-profile';
import { updateWorkerProfile } from '@/lib/services/workers/update-worker-profile';

// GET /v1/workers/me — your worker profile, or null
export const GET = route(getOwnWorkerProfileOperation, ({ db, actor }) => getOwnWorkerProfile(db, userOf(actor).id));

// PATCH /v1/workers/me — update your worker profile
export const PATCH = route(updateOwnWorkerProfileOperation, ({ db, actor, body }) =>
  updateWorkerProfile(db, { userId: userOf(actor).id, target: { me: true }, input: body }),
);

export const { POST, PUT, DELETE } = otherMethods({ GET, PATCH });
