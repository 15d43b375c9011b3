import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { archiveServiceOperation, getServiceOperation, updateServiceOperation } from '@/lib/schemas/services';
import { archiveService } from '@/lib/services/services/archive-service';
import { getService } from '@/lib/services/services/get-service';
import { updateService } from '@/lib/services/services/update-service';

// GET /v1/services/{id} — a service
export const GET = route(getServiceOperation, ({ db, actor, params }) =>
  getService(db, { serviceId: params.id, userId: userOf(actor).id }),
);

// PATCH /v1/services/{id} — change your service
export const PATCH = route(updateServiceOperation, ({ db, actor, params, body }) =>
  updateService(db, { serviceId: params.id, userId: userOf(actor).id, body }),
);

// DELETE /v1/services/{id} — archive your service
export const DELETE = route(archiveServiceOperation, ({ db, actor, params }) =>
  archiveService(db, { serviceId: params.id, userId: userOf(actor).id }),
);

export const { POST, PUT } = otherMethods({ GET, PATCH, DELETE });
