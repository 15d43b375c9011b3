import { LocalTime } from '@/components/local-time';
import { cx } from '@/components/ui/class-names';
import { disputeAgeLabel, disputeAgeTone } from './dispute-age';

const TONES = {
  calm: 'bg-stone-100 text-stone-700',
  amber: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
};

/**
 * How long a dispute has waited, amber past 48 h and red past 72 h while it is open (dispute-age.ts); the moment it
 * opened, in the viewer's time, on hover.
 */
export function DisputeAgeBadge({ dispute }: { dispute: { status: 'open' | 'resolved'; createdAt: Date } }) {
  const createdAt = dispute.createdAt.toISOString();
  const tone = disputeAgeTone({ status: dispute.status, createdAt });
  return (
    <span
      data-testid="dispute-age"
      data-tone={tone}
      className={cx('inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium', TONES[tone])}
    >
      <LocalTime value={createdAt}>{disputeAgeLabel(createdAt)}</LocalTime>
    </span>
  );
}
