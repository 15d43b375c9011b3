import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { services, workerProfiles } from '@/db/schema';
import { ApiError } from '@/lib/errors/api-error';
import type { CreateServiceBody } from '@/lib/schemas/services';
import { serviceColumns } from './service-columns';
import { toService } from './to-service';

export type CreateServiceOptions = { userId: string; body: CreateServiceBody };

export async function createService(db: Db, { userId, body }: CreateServiceOptions) {
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: workerProfiles.id, displayName: workerProfiles.displayName })
      .from(workerProfiles)
      .where(eq(workerProfiles.userId, userId));
    if (!profile) {
      throw new ApiError('FORBIDDEN', {
        message: 'Only workers can offer services',
        hint: 'Create your worker profile with POST /v1/workers (or at /worker/profile) first.',
      });
    }
    const columns = await serviceColumns(tx, userId, body);
    const [service] = await tx
      .insert(services)
      .values({
        ...columns,
        title: body.title,
        category: body.category,
        priceCents: body.priceCents,
        durationMinutes: body.durationMinutes,
        workerId: userId,
      })
      .returning();
    if (!service) throw new Error('service insert returned no row');
    return toService({ service, worker: profile });
  });
}
