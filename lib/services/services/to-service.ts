import type { Service } from '@/db/schema';

/** A service row with what the API shows of its worker (never their position). */
export type ServiceRow = { service: Service; worker: { id: string; displayName: string | null } };

/** The API shape of a service: the area the worker chose, never their profile's position. */
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
