import { otherMethods } from '@/lib/api/other-methods';
import { reply } from '@/lib/api/outcome';
import { route } from '@/lib/api/route';
import { GEO_CACHE_HEADERS } from '@/lib/geo/cache-headers';
import { reversePlaceOperation } from '@/lib/schemas/geo';
import { reversePlace } from '@/lib/services/geo/reverse-place';

// GET /v1/geo/reverse — the place a point lies in, or the nearest one
export const GET = route(reversePlaceOperation, async ({ query }) =>
  reply(200, await reversePlace(query), GEO_CACHE_HEADERS),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
