import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';

// Opaque keyset cursors: base64url of the last row's sort key (created_at, id). Lists use
// `{data, nextCursor, hasMore}`. The time is kept to the microsecond, as Postgres stores it: a cursor cut
// to milliseconds would skip rows created in the same millisecond as a page's last row.
const keySchema = z.object({ t: z.iso.datetime({ precision: 6 }), i: z.uuid() });

export type CursorKey = { cursorAt: string; id: string };

/** Select this as `cursorAt` next to the row: its `created_at` to the microsecond, in UTC. */
export const cursorAt = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify({ t: key.cursorAt, i: key.id })).toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey | undefined {
  const parsed = keySchema.safeParse(parseCursorJson(cursor));
  return parsed.success ? { cursorAt: parsed.data.t, id: parsed.data.i } : undefined;
}

function parseCursorJson(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Rows after the cursor in `order by created_at desc, id desc` (a row comparison the index serves). */
export function beforeCursor(createdAt: AnyColumn, id: AnyColumn, cursor: CursorKey | undefined): SQL | undefined {
  return cursor ? sql`(${createdAt}, ${id}) < (${cursor.cursorAt}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

/** Rows after the cursor in `order by created_at asc, id asc` (oldest-first lists: the disputes queue). */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: CursorKey | undefined): SQL | undefined {
  return cursor ? sql`(${createdAt}, ${id}) > (${cursor.cursorAt}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

/** Query parameters shared by every list: `cursor` (from a previous page) and `limit` (1..100, default 20). */
const cursorParam = (decode: (cursor: string) => CursorKey | undefined) =>
  z
    .string()
    .max(500)
    .refine((value) => decode(value) !== undefined, { message: 'Invalid cursor' })
    .optional()
    .describe('`nextCursor` of the previous page.');

export const pageQuery = z.object({
  cursor: cursorParam(decodeCursor),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100.'),
});

/**
 * One page out of the `limit + 1` rows a keyset query fetched: the first `limit`, and the cursor of the last of
 * them when the extra row shows there is more.
 */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => CursorKey, encode = encodeCursor) {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { shown, nextCursor: rows.length > limit && last ? encode(keyOf(last)) : null };
}

// Tables keyed by an identity column (the usage log) page the same way, their id a decimal string in the cursor.
const serialKeySchema = z.object({ t: z.iso.datetime({ precision: 6 }), n: z.string().regex(/^[0-9]{1,18}$/) });

export function encodeSerialCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify({ t: key.cursorAt, n: key.id })).toString('base64url');
}

export function decodeSerialCursor(cursor: string): CursorKey | undefined {
  const parsed = serialKeySchema.safeParse(parseCursorJson(cursor));
  return parsed.success ? { cursorAt: parsed.data.t, id: parsed.data.n } : undefined;
}

/** `beforeCursor` for a bigint id. */
export function beforeSerialCursor(createdAt: AnyColumn, id: AnyColumn, cursor: CursorKey | undefined) {
  return cursor ? sql`(${createdAt}, ${id}) < (${cursor.cursorAt}::timestamptz, ${cursor.id}::bigint)` : undefined;
}

/** `pageQuery` for lists paged with `encodeSerialCursor`. */
export const serialPageQuery = pageQuery.extend({ cursor: cursorParam(decodeSerialCursor) });
