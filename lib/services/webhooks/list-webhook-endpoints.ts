import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { beforeCursor, cursorAt, decodeCursor, pageOf } from '@/db/cursor';
import { webhookEndpoints } from '@/db/schema';
import { toWebhookEndpoint } from './to-webhook-endpoint';

export async function listWebhookEndpoints(db: Db, ownerId: string, page: { cursor?: string; limit: number }) {
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await db
    .select({ endpoint: webhookEndpoints, cursorAt: cursorAt(webhookEndpoints.createdAt) })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.ownerId, ownerId),
        isNull(webhookEndpoints.deletedAt),
        beforeCursor(webhookEndpoints.createdAt, webhookEndpoints.id, after),
      ),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(page.limit + 1);
  const { shown, nextCursor } = pageOf(rows, page.limit, (last) => ({ cursorAt: last.cursorAt, id: last.endpoint.id }));
  return {
    data: shown.map((row) => toWebhookEndpoint(row.endpoint)),
    nextCursor,
  };
}
