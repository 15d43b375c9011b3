import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { webhookEndpoints } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';

export type FindOwnEndpointOptions = { ownerId: string; endpointId: string; forUpdate?: boolean };

export async function findOwnEndpoint(
  db: Executor,
  { ownerId, endpointId, forUpdate = false }: FindOwnEndpointOptions,
) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.ownerId, ownerId),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new ApiError('NOT_FOUND', { message: 'Webhook endpoint not found' });
  return row;
}
