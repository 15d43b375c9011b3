import Link from 'next/link';
import { queryHref } from './query-href';

/**
 * A list page's status filter as links (`?status=`), the current one marked; `undefined` among `statuses` is the
 * unfiltered list, shown as "all".
 */
export function StatusLinks({
  path,
  statuses,
  current,
}: {
  path: string;
  statuses: readonly (string | undefined)[];
  current: string | undefined;
}) {
  return (
    <nav aria-label="Status" className="flex flex-wrap gap-3 text-sm">
      {statuses.map((each) => (
        <Link
          key={each ?? 'all'}
          href={queryHref(path, { status: each })}
          aria-current={each === current ? 'page' : undefined}
          className={each === current ? 'font-medium text-stone-900' : 'text-stone-600 underline'}
        >
          {each ?? 'all'}
        </Link>
      ))}
    </nav>
  );
}
