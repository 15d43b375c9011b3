import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { createServiceOperation, searchServicesOperation } from '@/lib/schemas/services';
import { createService } from '@/lib/services/services/create-service';
import { searchServices } from '@/lib/services/services/search-services';

// POST /v1/services — offer a fixed-price service (workers)
export const POST = route(createServiceOperation, ({ db, actor, body }) =>
  createService(db, { userId: userOf(actor).id, body }),
);

// GET /v1/services — active services of listed workers, near a place or newest first
export const GET = route(searchServicesOperation, ({ database, query }) => searchServices(database, query));

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
