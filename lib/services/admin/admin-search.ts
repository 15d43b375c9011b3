import { type AnyColumn, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { containsPattern } from '@/db/contains-pattern';

/**
 * The admin lists' `q`: the row with exactly that id when `q` is a UUID, else a case-insensitive substring of any
 * of `columns` (`%` and `_` match themselves). Undefined (no filter) for a blank `q`.
 */
export function adminSearch(q: string | undefined, id: AnyColumn, columns: AnyColumn[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (z.uuid().safeParse(text).success) return eq(id, text);
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
