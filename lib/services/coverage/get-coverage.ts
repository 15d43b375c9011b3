import type { Database } from '@/db/client';
import { COVERAGE_HISTORY_DAYS, COVERAGE_MIN_SAMPLE, type Coverage, type CoverageQuery } from '@/lib/schemas/coverage';
import { MAX_ACCEPT_WITHIN_MINUTES } from '@/lib/tasks/task-rules';
import { COVERAGE_STATEMENT, coverageSql } from './coverage-sql';

type CoverageRow = {
  listed: number;
  available: number;
  skilled: number;
  sample_size: number;
  completed: number;
  median_minutes: number | string | null;
  p80_minutes: number | string | null;
  median_budget: number | string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Below COVERAGE_MIN_SAMPLE it is low. */
const HIGH_CONFIDENCE_SAMPLE = 30;

/**
 * A guarantee most nearby tasks would have met: the time within which 80% of the sample was accepted, rounded up
 * to 5 minutes, at least 15 (a shorter wait refunds tasks a worker was about to take).
 */
function suggestAcceptWithin(p80Minutes: number): number {
  return Math.min(MAX_ACCEPT_WITHIN_MINUTES, Math.max(15, Math.ceil(p80Minutes / 5) * 5));
}

// `now` is the instant "available now" and the 90 days are measured from.
export async function getCoverage(
  database: Database,
  { query, now = new Date() }: { query: CoverageQuery; now?: Date },
): Promise<Coverage> {
  const since = new Date(now.getTime() - COVERAGE_HISTORY_DAYS * DAY_MS);
  const [row] = await database.query<CoverageRow>(COVERAGE_STATEMENT, coverageSql, [
    query.lat,
    query.lng,
    query.radiusMeters,
    query.skills ?? [],
    query.category ?? null,
    now.toISOString(),
    since.toISOString(),
  ]);
  if (!row) throw new Error('coverage statement returned no row');
  const sampleSize = Number(row.sample_size);
  const enough = (count: number, value: number | string | null) =>
    count >= COVERAGE_MIN_SAMPLE && value !== null ? Number(value) : null;
  const minutes = enough(sampleSize, row.median_minutes);
  const p80 = enough(sampleSize, row.p80_minutes);
  const budget = enough(Number(row.completed), row.median_budget);
  return {
    listedWorkers: Number(row.listed),
    availableNow: Number(row.available),
    matchingSkills: Number(row.skilled),
    medianMinutesToAccept: minutes === null ? null : Math.round(minutes * 10) / 10,
    suggestedAcceptWithinMinutes: p80 === null ? null : suggestAcceptWithin(p80),
    recommendedBudgetCents: budget === null ? null : Math.round(budget),
    confidence: sampleSize < COVERAGE_MIN_SAMPLE ? 'low' : sampleSize < HIGH_CONFIDENCE_SAMPLE ? 'medium' : 'high',
    sampleSize,
  };
}
