import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

export const serviceStatus = pgEnum('service_status', ['active', 'archived']);

// A fixed-price service a worker offers (DESIGN §5 "Services, geo and coverage"): "1 h of errands in Kreuzberg,
// $35". Requesters book a slot (POST /v1/services/{id}/book), which creates a task already accepted by the
// worker. `area*` null = remote. DELETE archives: bookings keep pointing at it.
export const services = pgTable(
  'services',
  {
    id: id(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    areaLat: doublePrecision('area_lat'),
    areaLng: doublePrecision('area_lng'),
    areaRadiusMeters: integer('area_radius_meters'),
    photos: uuid('photos').array().notNull().default([]),
    status: serviceStatus('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('services_worker_idx').on(t.workerId, t.createdAt, t.id),
    index('services_active_created_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'active'`),
    check('services_price_range', sql`${t.priceCents} between 500 and 1000000`),
    check('services_duration_range', sql`${t.durationMinutes} between 15 and 1440`),
    check(
      'services_area_whole',
      sql`(${t.areaLat} is null) = (${t.areaLng} is null) and (${t.areaLat} is null) = (${t.areaRadiusMeters} is null)`,
    ),
    check('services_area_radius', sql`${t.areaRadiusMeters} is null or ${t.areaRadiusMeters} between 1 and 200000`),
  ],
);

export type Service = typeof services.$inferSelect;
