// The task form's "Coverage here" line in words: GET /v1/geo/coverage's answer as a requester reads it. Pure.

import { plural } from '@/components/format';
import { formatMoney } from '@/lib/format/money';
import { COVERAGE_WORKER_CAP, type Coverage } from '@/lib/schemas/coverage';

/** "~25 min", "~2 h", "~1.5 h", "~3 days". */
export function aboutMinutes(minutes: number): string {
  if (minutes < 59.5) return `~${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 47.5) return `~${hours < 10 ? Math.round(hours * 2) / 2 : Math.round(hours)} h`;
  return `~${Math.round(hours / 24)} days`;
}

/** "10 km", "500 m", "2.5 km". */
export function distanceWords(meters: number): string {
  return meters < 1_000 ? `${meters} m` : `${Math.round(meters / 100) / 10} km`;
}

/**
 * The workers sentence and the history sentence, e.g. "12 listed workers within 10 km, 5 available now, 3 with
 * your skills" and "usually accepted in ~25 min · similar tasks paid $24.00 (medium confidence, 14 tasks)", or
 * "Not enough history here yet" when neither median is known.
 */
export function coverageWords(
  coverage: Coverage,
  { radiusMeters, withSkills }: { radiusMeters: number; withSkills: boolean },
): { workers: string; history: string } {
  const listed =
    coverage.listedWorkers >= COVERAGE_WORKER_CAP
      ? `${COVERAGE_WORKER_CAP.toLocaleString('en')}+ listed workers`
      : plural(coverage.listedWorkers, 'listed worker');
  const workers = [
    `${listed} within ${distanceWords(radiusMeters)}`,
    `${coverage.availableNow} available now`,
    ...(withSkills ? [`${coverage.matchingSkills} with your skills`] : []),
  ].join(', ');
  const { medianMinutesToAccept: minutes, recommendedBudgetCents: budget } = coverage;
  if (minutes === null && budget === null) return { workers, history: 'Not enough history here yet' };
  const parts = [
    ...(minutes === null ? [] : [`usually accepted in ${aboutMinutes(minutes)}`]),
    ...(budget === null ? [] : [`similar tasks paid ${formatMoney(budget)}`]),
  ];
  const basis = `(${coverage.confidence} confidence, ${plural(coverage.sampleSize, 'task')})`;
  return { workers, history: `${parts.join(' · ')} ${basis}` };
}
