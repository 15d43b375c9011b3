import { StatusBadge } from '@/components/ui/status-badge';

const TONES = {
  bug: 'bg-red-100 text-red-800',
  complaint: 'bg-amber-100 text-amber-800',
  idea: 'bg-sky-100 text-sky-800',
  praise: 'bg-emerald-100 text-emerald-800',
  other: 'bg-stone-200 text-stone-600',
};

/** A feedback's kind as a coloured pill. */
export function FeedbackKindBadge({ kind }: { kind: keyof typeof TONES }) {
  return <StatusBadge status={kind} tones={TONES} />;
}
