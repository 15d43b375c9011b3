import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { listWorkerServicesOperation } from '@/lib/schemas/services';
import { listWorkerServices } from '@/lib/services/services/list-worker-services';

// GET /v1/workers/{id}/services — a worker's services (their own archived ones with status=all)
export const GET = route(listWorkerServicesOperation, ({ db, actor, params, query }) =>
  listWorkerServices(db, { workerId: params.id, userId: userOf(actor).id, ...query }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
