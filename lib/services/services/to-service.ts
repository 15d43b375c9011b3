import type { Service } from '@/db/schema';

/** Never the worker's position. */
export type ServiceRow = { service: Service; worker: { id: string; displayName: string | null } };

export function toService({ service, worker }: ServiceRow, distanceMeters?: number) {
  const { areaLat: lat, areaLng: lng, areaRadiusMeters: radiusMeters } = service;
  const area = lat !== null && lng !== null && radiusMeters !== null ? { lat, lng, radiusMeters } : null;
  return {
    id: service.id,
    worker,
    title: service.title,
    description: service.description,
    category: service.category,
    priceCents: service.priceCents,
    durationMinutes: service.durationMinutes,
    area,
    photos: service.photos,
    status: service.status,
    ...(distanceMeters === undefined ? {} : { distanceMeters }),
    createdAt: service.createdAt.toISOString(),
    updatedAt: service.updatedAt.toISOString(),
  };
}
