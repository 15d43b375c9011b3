import Link from 'next/link';
import type { ReactNode } from 'react';
import { cx } from './class-names';

const frame = 'block rounded-lg border border-stone-200 bg-white p-3';

/**
 * One figure of a page's overview: a small label over the value. With `href` the whole card is the link, so its
 * name reads "Open disputes 3"; `tone` "alert" tints it when the figure needs attention; `detail` is a small line
 * under the value (what the figure is made of).
 */
export function Stat({
  label,
  value,
  detail,
  href,
  tone,
  testId,
}: {
  label: string;
  value: string | number;
  detail?: ReactNode;
  href?: string;
  tone?: 'alert';
  testId?: string;
}) {
  const body = (
    <>
      <span className="block text-xs text-stone-500">{label}</span>
      <span className="block text-lg font-medium">{value}</span>
      {detail && <span className="block text-xs text-stone-600">{detail}</span>}
    </>
  );
  const className = cx(frame, tone === 'alert' && 'border-red-300 bg-red-50 text-red-800');
  if (!href) {
    return (
      <div className={className} data-testid={testId}>
        {body}
      </div>
    );
  }
  return (
    <Link href={href} className={cx(className, 'hover:border-stone-400')} data-testid={testId}>
      {body}
    </Link>
  );
}
