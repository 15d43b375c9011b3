import { otherMethods } from '@/lib/api/other-methods';
import { reply } from '@/lib/api/outcome';
import { route } from '@/lib/api/route';
import { GEO_CACHE_HEADERS } from '@/lib/geo/cache-headers';
import { searchPlacesOperation } from '@/lib/schemas/geo';
import { searchPlaces } from '@/lib/services/geo/search-places';

// GET /v1/geo/places — place autocomplete from the offline gazetteer
export const GET = route(searchPlacesOperation, async ({ query }) =>
  reply(200, await searchPlaces(query), GEO_CACHE_HEADERS),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods({ GET });
