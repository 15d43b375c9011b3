import { StatusBadge } from './ui/status-badge';

const TONES = { Test: 'bg-amber-100 text-amber-900' };

/** "Test" on a test-mode task, wherever a worker sees it: no real money moves on it. Nothing on a live task. */
export function TestModeBadge({ livemode }: { livemode: boolean }) {
  if (livemode) return null;
  return <StatusBadge status="Test" tones={TONES} testId="test-mode-badge" />;
}
