import { z } from 'zod';
import { pageQuery } from '@/db/cursor';
import { defineOperation } from '@/lib/schemas/operation';
import { CANDIDATES } from '@/lib/workers/search-candidates';
import { roundDegrees } from './common';
import { workerProfileSchema } from './worker-profile';

export const DEFAULT_RADIUS_METERS = 25_000;

const number = (min: number, max: number) => z.coerce.number().min(min).max(max);
const coordinate = (min: number, max: number) => number(min, max).overwrite(roundDegrees);

/** Comma-separated skills: trimmed, lower-cased, de-duplicated, at most 20 (worker search, coverage quote). */
export const skillList = z
  .string()
  .max(2000)
  .transform((value) => [...new Set(value.split(',').map((skill) => skill.trim().toLowerCase()))].filter(Boolean))
  .refine((skills) => skills.length <= 20, { message: 'At most 20 skills' });

export const workerSearchQuery = pageQuery
  .extend({
    lat: coordinate(-90, 90).optional().describe('Latitude of the search centre, -90 to 90. Requires `lng`.'),
    lng: coordinate(-180, 180).optional().describe('Longitude of the search centre, -180 to 180. Requires `lat`.'),
    radiusMeters: z.coerce
      .number()
      .int()
      .min(1)
      .max(200_000)
      .default(DEFAULT_RADIUS_METERS)
      .describe('Search radius in metres, 1 to 200,000 (default 25,000). Geo search only.'),
    skills: skillList
      .optional()
      .describe('Comma-separated skills to match (at most 20, case-insensitive). Raises the score; does not filter.'),
    minRating: number(0, 5).optional().describe('Only workers whose average rating is at least this (0 to 5).'),
    availableAt: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('ISO timestamp: scores workers available at that instant higher.'),
  })
  .superRefine((query, context) => {
    if ((query.lat === undefined) === (query.lng === undefined)) return;
    const missing = query.lat === undefined ? 'lat' : 'lng';
    context.addIssue({ code: 'custom', path: [missing], message: '`lat` and `lng` go together' });
  });

export type WorkerSearchQuery = z.output<typeof workerSearchQuery>;

export const workerSearchResultSchema = workerProfileSchema
  .extend({
    distanceMeters: z
      .number()
      .int()
      .optional()
      .describe(
        'Great-circle distance from the search centre to the worker’s public position (rounded to 2 decimals of ' +
          'a degree), rounded to the nearest 100 m (geo search only). The score and the radius use it too.',
      ),
    matchScore: z.number().min(0).max(1).optional().describe('How well the worker fits, 0 to 1 (geo search only).'),
  })
  .meta({ id: 'WorkerSearchResult' });

export const SCORE_FORMULA =
  '`matchScore` = 0.35 × distance (1 − distance / radius) + 0.25 × skill overlap (requested skills the worker ' +
  'has / requested skills; 1 when none are asked) + 0.2 × rating (averageRating / 5; 0.6 when unrated) + ' +
  '0.1 × availability at `availableAt` (1 available, 0 not or with `isAvailable` off, 0.5 without any ' +
  'schedule; 1 when not asked) + ' +
  '0.1 × verification (1 when `verificationTier` ≥ 1), rounded to 4 decimals.';

export const searchWorkersOperation = defineOperation({
  method: 'GET',
  path: '/v1/workers',
  operationId: 'searchWorkers',
  summary: 'Find listed workers near a place, or list them',
  description:
    'Without `lat`/`lng`: every listed worker, newest first, cursor-paginated. With `lat` and `lng`: the listed ' +
    'workers within `radiusMeters`, each with `distanceMeters` and `matchScore`, best first (ties: nearest ' +
    `first). ${SCORE_FORMULA} The score is taken over the ${CANDIDATES} nearest listed workers (with ` +
    '`minRating`, those rated at least that; found through a Web-Mercator index, so within a degree of a pole ' +
    'the nearest are approximate) and the ' +
    'top `limit` come back, not paginated (`nextCursor: null`, `hasMore: false`; `cursor` is ignored). ' +
    'Unlisted workers never appear. A worker’s home position is private: distances are measured from the ' +
    'position everyone may see (rounded to 2 decimals of a degree) and rounded to 100 m, and `location` is ' +
    'exact only on your own profile.',
  tags: ['Workers'],
  auth: 'any',
  scope: 'workers:read',
  query: workerSearchQuery,
  response: z.array(workerSearchResultSchema),
  listEnvelope: true,
});
