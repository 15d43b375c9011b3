import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { beforeCursor, decodeCursor, pageOf } from '@/db/cursor';
import { webhookDeliveries } from '@/db/schema';
import { findOwnEndpoint } from './find-own-endpoint';
import { loadDeliveries } from './load-deliveries';

export type ListWebhookDeliveriesOptions = {
  ownerId: string;
  endpointId: string;
  page: { cursor?: string; limit: number };
};

export async function listWebhookDeliveries(db: Executor, { ownerId, endpointId, page }: ListWebhookDeliveriesOptions) {
  await findOwnEndpoint(db, { ownerId, endpointId });
  const after = page.cursor ? decodeCursor(page.cursor) : undefined;
  const rows = await loadDeliveries(
    db,
    and(
      eq(webhookDeliveries.endpointId, endpointId),
      beforeCursor(webhookDeliveries.createdAt, webhookDeliveries.id, after),
    ),
    page.limit + 1,
  );
  const { shown, nextCursor } = pageOf(rows, page.limit, (last) => ({ cursorAt: last.cursorAt, id: last.item.id }));
  return {
    data: shown.map((row) => row.item),
    nextCursor,
  };
}
