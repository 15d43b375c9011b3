import type { ReactNode } from 'react';
import { cx } from './class-names';

export type NoticeTone = 'error' | 'success' | 'warning' | 'info';

const tones: Record<NoticeTone, string> = {
  error: 'bg-red-50 text-red-700',
  success: 'bg-green-50 text-green-800',
  warning: 'bg-amber-50 text-amber-800',
  info: 'bg-stone-100 text-stone-700',
};

/**
 * A short message in a tinted box. An error is announced (`role="alert"`), the others are a status. Renders
 * nothing without children, so `<Notice tone="error">{state.error}</Notice>` is the inline error of a form.
 */
export function Notice({
  tone = 'info',
  children,
  testId,
}: {
  tone?: NoticeTone;
  children?: ReactNode;
  testId?: string;
}) {
  if (!children) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cx('rounded-md px-3 py-2 text-sm', tones[tone])}
    >
      {children}
    </p>
  );
}
