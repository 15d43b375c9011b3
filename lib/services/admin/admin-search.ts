import { type AnyColumn, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { containsPattern } from '@/db/contains-pattern';

// A UUID `q` finds exactly that row; anything else is a case-insensitive substring (`%` and `_` match themselves).
export function adminSearch(q: string | undefined, id: AnyColumn, columns: AnyColumn[]): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (z.uuid().safeParse(text).success) return eq(id, text);
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
