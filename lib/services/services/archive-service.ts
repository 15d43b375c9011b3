import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { services } from '@/db/schema';
import { readService } from './read-service';
import { toService } from './to-service';

/** Bookings made go on; archiving again is a no-op. */
export async function archiveService(db: Db, { serviceId, userId }: { serviceId: string; userId: string }) {
  return db.transaction(async (tx) => {
    const row = await readService(tx, { serviceId, userId, ownOnly: true, forUpdate: true });
    if (row.service.status === 'archived') return toService(row);
    const [service] = await tx
      .update(services)
      .set({ status: 'archived', updatedAt: new Date() })
      .where(and(eq(services.id, serviceId), eq(services.workerId, userId)))
      .returning();
    if (!service) throw new Error('service row vanished inside its archive');
    return toService({ service, worker: row.worker });
  });
}
