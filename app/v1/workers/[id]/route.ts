import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { callerOf, isAdminCaller } from '@/lib/auth/admin';
import { getWorkerProfileOperation, updateWorkerProfileOperation } from '@/lib/schemas/workers';
import { getWorkerProfile } from '@/lib/services/workers/get-worker-profile';
import { updateWorkerProfile } from '@/lib/services/workers/update-worker-profile';

// GET /v1/workers/{id} — a worker's profile with the availability schedule
export const GET = route(getWorkerProfileOperation, ({ db, actor, params }) =>
  getWorkerProfile(db, { viewerId: userOf(actor).id, workerId: params.id, isAdmin: isAdminCaller(callerOf(actor)) }),
);

// PATCH /v1/workers/{id} — update a profile you own
export const PATCH = route(updateWorkerProfileOperation, ({ db, actor, params, body }) =>
  updateWorkerProfile(db, { userId: userOf(actor).id, target: { id: params.id }, input: body }),
);

export const { POST, PUT, DELETE } = otherMethods({ GET, PATCH });
