import { StatusBadge } from './ui/status-badge';

const TONES: Record<string, string> = {
  draft: 'bg-stone-100 text-stone-700',
  posted: 'bg-sky-100 text-sky-800',
  accepted: 'bg-indigo-100 text-indigo-800',
  submitted: 'bg-amber-100 text-amber-800',
  disputed: 'bg-red-100 text-red-800',
  completed: 'bg-emerald-100 text-emerald-800',
  cancelled: 'bg-stone-200 text-stone-600',
  expired: 'bg-stone-200 text-stone-600',
  resolved: 'bg-emerald-50 text-emerald-700',
};

/** A task's status as a coloured pill. */
export function TaskStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return <StatusBadge status={status} tones={TONES} testId={testId} />;
}
