import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * A page's title, with an optional way back (or an `eyebrow` badge) above it, a line under it and things beside it
 * (a status badge).
 */
export function PageHeader({
  title,
  description,
  back,
  eyebrow,
  aside,
  titleTestId,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { href: string; label: string };
  eyebrow?: ReactNode;
  aside?: ReactNode;
  titleTestId?: string;
}) {
  return (
    <div className="space-y-1">
      {back && (
        <Link href={back.href} className="text-sm text-stone-600 underline">
          ← {back.label}
        </Link>
      )}
      {eyebrow}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid={titleTestId}>
          {title}
        </h1>
        {aside}
      </div>
      {description && <p className="text-sm text-stone-600">{description}</p>}
    </div>
  );
}
