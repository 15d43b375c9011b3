import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { searchWorkersOperation } from '@/lib/schemas/worker-search';
import { searchWorkers } from '@/lib/services/workers/search-workers';

// GET /v1/workers — geo search of listed workers with match scores, or the paginated list of them
export const GET = route(searchWorkersOperation, ({ database, query }) => searchWorkers(database, query));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
