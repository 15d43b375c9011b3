import { StatusBadge } from '@/components/ui/status-badge';

const TONES = {
  open: 'bg-sky-100 text-sky-800',
  converted: 'bg-emerald-100 text-emerald-800',
  closed: 'bg-stone-200 text-stone-600',
};

/** An intake conversation's status as a coloured pill. */
export function IntakeStatusBadge({ status, testId }: { status: keyof typeof TONES; testId?: string }) {
  return <StatusBadge status={status} tones={TONES} testId={testId} />;
}
