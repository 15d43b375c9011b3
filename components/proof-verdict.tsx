import type { ProofVerification, VerificationStatus } from '@/lib/tasks/proof-verification';
import { verdictWords } from './proof-verdict-words';
import { cx } from './ui/class-names';
import { StatusBadge } from './ui/status-badge';

const TONES: Record<string, string> = {
  Passed: 'bg-emerald-100 text-emerald-800',
  Flagged: 'bg-red-100 text-red-800',
  Unverified: 'bg-amber-100 text-amber-800',
};

const MARK_TONES = { pass: 'text-emerald-700', fail: 'text-red-700', unknown: 'text-amber-700' } as const;

/** The verdict's status as a pill: Passed, Flagged or Unverified. */
export function VerdictBadge({ status }: { status: VerificationStatus }) {
  return <StatusBadge status={verdictWords({ status, checks: [] }).label} tones={TONES} testId="verdict-status" />;
}

/**
 * Each check of a proof's verdict in words: ✓ passed, ✗ failed, ? could not be checked, with what it found.
 * `withBadge` puts the status pill above the list (where no card title carries it).
 */
export function ProofVerdict({
  verification,
  withBadge = false,
}: {
  verification: ProofVerification;
  withBadge?: boolean;
}) {
  const words = verdictWords(verification);
  return (
    <div className="space-y-2 text-sm" data-testid="proof-verdict" data-status={verification.status}>
      {withBadge && (
        <p className="flex items-center gap-2">
          <span className="text-stone-500">Checks</span>
          <VerdictBadge status={verification.status} />
        </p>
      )}
      <ul className="space-y-1">
        {words.checks.map((line) => (
          <li key={line.check} className="flex gap-2" data-testid="verdict-check" data-result={line.result}>
            <span aria-hidden="true" className={cx('w-4 shrink-0 text-center font-bold', MARK_TONES[line.result])}>
              {line.mark}
            </span>
            <span className="min-w-0 break-words">
              <span className="sr-only">{line.said}: </span>
              <span className="font-medium" aria-hidden="true">
                {line.label}:
              </span>{' '}
              {line.detail}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
