import { validate } from '@/lib/api/steps/parse-input';
import { searchPlacesQuery } from '@/lib/schemas/geo';
import { searchPlaces } from '@/lib/services/geo/search-places';
import { browserRoute } from '@/lib/web/browser-route';

// The place picker's suggestions (components/place-picker.tsx), with the session cookie: GET /v1/geo/places takes
// bearer credentials only. Same query, same service, same answer.
export const dynamic = 'force-dynamic';

// GET /dashboard/places?q&limit — places whose name starts with q, from the offline gazetteer
export const GET = browserRoute(async ({ request }) => {
  const query = validate(searchPlacesQuery, Object.fromEntries(new URL(request.url).searchParams));
  return { data: await searchPlaces(query) };
});
