import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { userOf } from '@/lib/auth/actor';
import { searchWorkersOperation } from '@/lib/schemas/worker-search';
import { createWorkerProfileOperation } from '@/lib/schemas/workers';
import { createWorkerProfile } from '@/lib/services/workers/create-worker-profile';
import { searchWorkers } from '@/lib/services/workers/search-workers';

// GET /v1/workers — geo search of listed workers with match scores, or the paginated list of them
export const GET = route(searchWorkersOperation, ({ database, actor, query }) =>
  searchWorkers(database, query, userOf(actor).id),
);

// POST /v1/workers — create your worker profile (one per user)
export const POST = route(createWorkerProfileOperation, ({ db, actor, body, context }) =>
  createWorkerProfile(db, userOf(actor).id, body, { ip: context.ip }),
);

export const { PUT, PATCH, DELETE } = otherMethods({ GET, POST });
