import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';

/** A filter form's submit button, and a link back to the unfiltered list while a filter is set. */
export function FilterActions({
  clearHref,
  filtered,
  className,
}: {
  clearHref: string;
  filtered: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <Button type="submit" compact>
        Filter
      </Button>
      {filtered && (
        <Link href={clearHref} className="text-sm underline">
          Clear filters
        </Link>
      )}
    </div>
  );
}
