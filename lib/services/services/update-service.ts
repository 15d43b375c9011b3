import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { services } from '@/db/schema';
import type { UpdateServiceBody } from '@/lib/schemas/services';
import { readService } from './read-service';
import { serviceColumns } from './service-columns';
import { toService } from './to-service';

export type UpdateServiceOptions = { serviceId: string; userId: string; body: UpdateServiceBody };

export async function updateService(db: Db, { serviceId, userId, body }: UpdateServiceOptions) {
  return db.transaction(async (tx) => {
    const row = await readService(tx, { serviceId, userId, ownOnly: true, forUpdate: true });
    const columns = await serviceColumns(tx, userId, body);
    const [service] = await tx
      .update(services)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(services.id, serviceId))
      .returning();
    if (!service) throw new Error('service row vanished inside its update');
    return toService({ service, worker: row.worker });
  });
}
