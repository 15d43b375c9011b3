import Link from 'next/link';
import { queryHref } from '@/components/query-href';
import type { Operator } from '@/lib/services/admin/find-operators';

/**
 * The human behind an agent, on one line under it: "Operator: Ada Lovelace · ada@example.com", linked to that
 * person's row in the users list (the console has no page per user).
 */
export function OperatorLine({ operator }: { operator: Operator }) {
  const name = operator.name?.trim();
  return (
    <span className="block break-words text-stone-600" data-testid="operator">
      Operator:{' '}
      <Link href={queryHref('/admin/users', { q: operator.id })} className="underline">
        {name || operator.email || operator.id}
      </Link>
      {name && operator.email && ` · ${operator.email}`}
    </span>
  );
}
