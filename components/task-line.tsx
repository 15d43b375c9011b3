import Link from 'next/link';
import { TaskStatusBadge } from '@/components/task-status-badge';
import { TestModeBadge } from '@/components/test-mode-badge';
import { formatMoney } from '@/lib/format/money';

/**
 * One task in a short list: its title (a link), then "Test" for a test-mode task (when `livemode` is given), its
 * status and an amount; wraps on a narrow screen.
 */
export function TaskLine({
  href,
  title,
  status,
  cents,
  testId,
  className,
  livemode,
}: {
  href: string;
  title: string;
  status: string;
  cents: number;
  testId: string;
  className?: string;
  livemode?: boolean;
}) {
  return (
    <li data-testid={testId} className={`flex flex-wrap items-center justify-between gap-2 text-sm ${className ?? ''}`}>
      <Link href={href} className="min-w-0 break-words underline">
        {title}
      </Link>
      <span className="flex items-center gap-3">
        {livemode !== undefined && <TestModeBadge livemode={livemode} />}
        <TaskStatusBadge status={status} />
        <span className="font-mono">{formatMoney(cents)}</span>
      </span>
    </li>
  );
}
