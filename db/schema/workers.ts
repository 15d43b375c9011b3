import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { users } from './users';

/** A public skill detail: a capability the worker answered yes or maybe to. */
export type SkillDetail = { category: string; capability: string; level: 'yes' | 'maybe'; detail?: string };

// A worker's public profile (one per user). Search runs on the listed ones through worker_profiles_geo_idx, a
// GiST index on their Web-Mercator point that includes the columns the match score reads (created in a custom
// migration, 0012: drizzle-kit cannot express it).
export const workerProfiles = pgTable(
  'worker_profiles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    headline: text('headline'),
    bio: text('bio'),
    skills: text('skills').array(),
    skillDetails: jsonb('skill_details').$type<SkillDetail[]>().notNull().default([]),
    photos: text('photos').array().notNull().default([]),
    hourlyRateCents: integer('hourly_rate_cents'),
    // The least budget the worker takes: lower tasks leave their open list and their accept (docs/tasks.md "Offers").
    minPriceCents: integer('min_price_cents'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    defaultRadiusMeters: integer('default_radius_meters').notNull().default(25_000),
    isListed: boolean('is_listed').notNull().default(false),
    isAvailable: boolean('is_available').notNull().default(true),
    // Kept by reviews (a later feature): the mean of `ratingCount` ratings, 1.00..5.00.
    averageRating: numeric('average_rating', { precision: 3, scale: 2 }),
    ratingCount: integer('rating_count').notNull().default(0),
    completedTasks: integer('completed_tasks').notNull().default(0),
    // 0 = nothing verified; 1 = ID verified (raised by the identity provider's events).
    verificationTier: smallint('verification_tier').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('worker_profiles_user_key').on(t.userId),
    index('worker_profiles_listed_created_idx').on(t.createdAt, t.id).where(sql`${t.isListed}`),
    check('worker_profiles_lat_range', sql`${t.lat} between -90 and 90`),
    check('worker_profiles_lng_range', sql`${t.lng} between -180 and 180`),
  ],
);

export const capabilityAnswer = pgEnum('capability_answer', ['yes', 'maybe', 'no']);

// Private answers per capability. Only yes/maybe answers surface, merged into `skill_details`.
export const workerCapabilityAnswers = pgTable(
  'worker_capability_answers',
  {
    workerId: uuid('worker_id')
      .notNull()
      .references(() => workerProfiles.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    capability: text('capability').notNull(),
    answer: capabilityAnswer('answer').notNull(),
    detail: text('detail'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.category, t.capability] })],
);

// The weekly schedule: a window per row, in the worker's IANA time zone. `start_minute`/`end_minute` count
// minutes from local midnight (end > start; a window never crosses midnight: split it in two).
export const workerAvailabilityRules = pgTable(
  'worker_availability_rules',
  {
    id: id(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => workerProfiles.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [
    index('worker_availability_rules_worker_idx').on(t.workerId),
    check('worker_availability_rules_day', sql`${t.dayOfWeek} between 0 and 6`),
    check(
      'worker_availability_rules_window',
      sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
  ],
);

// One-off changes on a local date: `available = false` takes the day (or the given window) off;
// `available = true` adds a window that day.
export const workerAvailabilityExceptions = pgTable(
  'worker_availability_exceptions',
  {
    id: id(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => workerProfiles.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    available: boolean('available').notNull(),
    startMinute: smallint('start_minute'),
    endMinute: smallint('end_minute'),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [index('worker_availability_exceptions_worker_idx').on(t.workerId, t.date)],
);

// Files uploaded through POST /v1/uploads (profile photos, task proof), stored under DATA_DIR by default.
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    // Evidence read from the original before re-encoding strips it (null when absent or impossible): the EXIF
    // capture time (`capturedAtFloating`: the camera gave a wall-clock time with no zone, stored as if UTC), GPS
    // position and accuracy, and camera make and model.
    capturedAt: timestamptz('captured_at'),
    capturedAtFloating: boolean('captured_at_floating').notNull().default(false),
    gpsLat: doublePrecision('gps_lat'),
    gpsLng: doublePrecision('gps_lng'),
    gpsAccuracyMeters: doublePrecision('gps_accuracy_meters'),
    cameraMake: text('camera_make'),
    cameraModel: text('camera_model'),
    // What the uploading app said: `camera` (taken in the app) or `gallery` (picked), and the browser's position
    // at the moment of capture. Null when the client did not say (an API upload).
    captureSource: text('capture_source'),
    deviceLat: doublePrecision('device_lat'),
    deviceLng: doublePrecision('device_lng'),
    deviceAccuracyMeters: doublePrecision('device_accuracy_meters'),
    // The device's clock when the photo was taken in the app, sent with a later upload (a photo taken offline).
    deviceCapturedAt: timestamptz('device_captured_at'),
    // SHA-256 of the decoded RGB pixels and a 64-bit dHash; null for uploads stored before they were computed.
    pixelSha256: text('pixel_sha256'),
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

export type WorkerProfile = typeof workerProfiles.$inferSelect;
export type Upload = typeof uploads.$inferSelect;
