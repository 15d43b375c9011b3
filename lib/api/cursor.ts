import { z } from 'zod';

// Opaque keyset cursors: base64url of the last row's sort key. Lists use `{data, nextCursor, hasMore}`.
const keySchema = z.object({ t: z.iso.datetime(), i: z.uuid() });

export type CursorKey = { createdAt: Date; id: string };

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify({ t: key.createdAt.toISOString(), i: key.id })).toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey | undefined {
  try {
    const parsed = keySchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { createdAt: new Date(parsed.data.t), id: parsed.data.i } : undefined;
  } catch {
    return undefined;
  }
}

/** Query parameters shared by every list: `cursor` (from a previous page) and `limit` (1..100, default 20). */
export const pageQuery = z.object({
  cursor: z
    .string()
    .max(500)
    .refine((value) => decodeCursor(value) !== undefined, { message: 'Invalid cursor' })
    .optional()
    .describe('`nextCursor` of the previous page.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100.'),
});
