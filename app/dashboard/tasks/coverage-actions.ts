'use server';

import { getDatabase } from '@/db/client';
import { COVERAGE_DEFAULT_RADIUS_METERS, getCoverageOperation, KNOWN_SKILLS } from '@/lib/schemas/coverage';
import { getCoverage } from '@/lib/services/coverage/get-coverage';
import { TASK_CATEGORIES } from '@/lib/tasks/task-rules';
import { requireBrowserActor } from '@/lib/web/require-browser-actor';
import { coverageWords } from './coverage-words';

/** What the task form's "Coverage here" shows: two lines, and the typed skills the quote could not ask about. */
export type CoverageLine = { workers: string; history: string; ignoredSkills: string[] };

/**
 * The task form's live quote (GET /v1/geo/coverage's service, for the signed-in person): the place picked, the
 * category chosen and the skills typed. Skills the quote does not know are left out and named, not refused: the
 * task itself takes free-text skills.
 */
export async function quoteCoverageFromForm(input: {
  lat: number;
  lng: number;
  category: string;
  skills: string;
}): Promise<CoverageLine | null> {
  await requireBrowserActor('/dashboard/tasks/new');
  const typed = [...new Set(input.skills.split(',').map((skill) => skill.trim().toLowerCase()))].filter(Boolean);
  const known = typed.filter((skill) => KNOWN_SKILLS.has(skill)).slice(0, 20);
  const category = (TASK_CATEGORIES as readonly string[]).includes(input.category) ? input.category : undefined;
  const parsed = getCoverageOperation.query.safeParse({
    lat: input.lat,
    lng: input.lng,
    radiusMeters: COVERAGE_DEFAULT_RADIUS_METERS,
    ...(known.length ? { skills: known.join(',') } : {}),
    ...(category ? { category } : {}),
  });
  if (!parsed.success) return null;
  const coverage = await getCoverage(await getDatabase(), { query: parsed.data });
  return {
    ...coverageWords(coverage, { radiusMeters: parsed.data.radiusMeters, withSkills: known.length > 0 }),
    ignoredSkills: typed.filter((skill) => !KNOWN_SKILLS.has(skill)),
  };
}
