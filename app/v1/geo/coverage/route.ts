import { otherMethods } from '@/lib/api/other-methods';
import { route } from '@/lib/api/route';
import { getCoverageOperation } from '@/lib/schemas/coverage';
import { getCoverage } from '@/lib/services/coverage/get-coverage';

// GET /v1/geo/coverage — a quote before posting: workers near a place, and what tasks there took and paid
export const GET = route(getCoverageOperation, ({ database, query }) => getCoverage(database, { query }));

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
