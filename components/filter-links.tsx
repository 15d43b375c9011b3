import Link from 'next/link';
import { queryHref } from './query-href';

/**
 * A list page's filter as a row of links, "all" first (unless `withAll` is false), the current one marked
 * (`aria-current`): each link is the page with `param` set to its value, starting from the first page.
 */
export function FilterLinks<Value extends string>({
  label,
  path,
  param,
  values,
  current,
  withAll = true,
}: {
  label: string;
  path: string;
  param: string;
  values: readonly Value[];
  current: Value | undefined;
  withAll?: boolean;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-3 text-sm">
      {(withAll ? [undefined, ...values] : values).map((each) => (
        <Link
          key={each ?? 'all'}
          href={queryHref(path, { [param]: each })}
          aria-current={each === current ? 'page' : undefined}
          className={each === current ? 'font-medium text-stone-900' : 'text-stone-600 underline'}
        >
          {each ?? 'all'}
        </Link>
      ))}
    </nav>
  );
}
