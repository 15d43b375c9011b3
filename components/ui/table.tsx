import type { ReactNode } from 'react';
import { cx } from './class-names';

/** A column's heading; an object when it is right-aligned (amounts, dates). */
export type Column = string | { label: ReactNode; align: 'left' | 'right' };

/**
 * Below 640 px a `stacked` table drops its header row and shows each row as a card: the first cell on a line of
 * its own, the others wrapped after it.
 */
const stackedClass =
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:hidden max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:items-center max-sm:[&_tr]:gap-x-3 max-sm:[&_tr]:py-2 max-sm:[&_td]:py-0 max-sm:[&_td:first-child]:basis-full';

/** A data table: a muted header row, then `children` rows (use `Row`). Cells get the table's padding. */
export function Table({
  columns,
  testId,
  stacked,
  children,
}: {
  columns: Column[];
  testId?: string;
  stacked?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table
        className={cx(
          'w-full text-left text-sm [&_:is(td,th):not(:last-child)]:pr-3 [&_td]:py-2',
          stacked && stackedClass,
        )}
        data-testid={testId}
      >
        <thead className="text-stone-500">
          <tr>
            {columns.map((column, index) => {
              const { label, align } = typeof column === 'string' ? { label: column, align: 'left' } : column;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; some have no label.
                <th key={index} className={cx('py-1 font-normal', align === 'right' && 'text-right')}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A table row, ruled from the one above. */
export function Row({ children, testId, top }: { children: ReactNode; testId?: string; top?: boolean }) {
  return (
    <tr className={cx('border-t border-stone-100', top && 'align-top')} data-testid={testId}>
      {children}
    </tr>
  );
}
