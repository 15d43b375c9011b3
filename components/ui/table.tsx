import { type ReactNode, useId } from 'react';
import { cx } from './class-names';

/** A column's heading; an object when it is right-aligned (amounts, dates). */
export type Column = string | { label: ReactNode; align: 'left' | 'right' };

/**
 * Below 640 px a table drops its header row and shows each row as a card: the first cell on a line of its own,
 * the others wrapped after it, each after its column's label (labelCss).
 */
const stackedClass =
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:hidden max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:items-center max-sm:[&_tr]:gap-x-3 max-sm:[&_tr]:py-2 max-sm:[&_td]:py-0 max-sm:[&_td:first-child]:basis-full';

const labelOf = (column: Column) => (typeof column === 'string' ? column : column.label);

/**
 * The stacked card's cell labels ("Spent $23.00"): one rule per text-labelled column after the first, scoped
 * to this table. The labels are the page's own column names; JSON string syntax is valid CSS string syntax.
 */
function labelCss(scope: string, columns: Column[]) {
  const rules = columns.flatMap((column, index) => {
    const label = labelOf(column);
    if (index === 0 || typeof label !== 'string' || label === '') return [];
    const selector = `table[data-table=${JSON.stringify(scope)}] td:nth-child(${index + 1})::before`;
    return [`${selector}{content:${JSON.stringify(`${label} `)};color:#78716c}`];
  });
  return rules.length === 0 ? '' : `@media (max-width:639.98px){${rules.join('')}}`;
}

/** A data table: a muted header row, then `children` rows (use `Row`). Cells get the table's padding. */
export function Table({ columns, testId, children }: { columns: Column[]; testId?: string; children?: ReactNode }) {
  const scope = useId();
  const css = labelCss(scope, columns);
  return (
    <div className="overflow-x-auto">
      {css && <style>{css}</style>}
      <table
        className={cx('w-full text-left text-sm [&_:is(td,th):not(:last-child)]:pr-3 [&_td]:py-2', stackedClass)}
        data-testid={testId}
        data-table={scope}
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
