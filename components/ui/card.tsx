import type { ReactNode } from 'react';
import { cx } from './class-names';

/**
 * A white panel: the section of a page. `title` becomes its `h2`, `description` a line under it, `aside` sits at
 * the right of the title. `className`
 * replaces the default vertical spacing (`space-y-3`) and may add layout.
 */
export function Card({
  title,
  description,
  aside,
  className,
  testId,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      className={cx('rounded-lg border border-stone-200 bg-white p-5', className ?? 'space-y-3')}
    >
      {title && (
        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-medium">{title}</h2>
            {aside}
          </div>
          {description && <p className="text-sm text-stone-600">{description}</p>}
        </div>
      )}
      {children}
    </section>
  );
}
