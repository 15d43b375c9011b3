import { StatusBadge } from './ui/status-badge';

const TONES = { open: 'bg-sky-100 text-sky-800', resolved: 'bg-emerald-100 text-emerald-800' };

/** A dispute's status as a coloured pill. */
export function DisputeStatusBadge({ status, testId }: { status: keyof typeof TONES; testId?: string }) {
  return <StatusBadge status={status} tones={TONES} testId={testId} />;
}
