import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { services } from './services';
import { users } from './users';
import { uploads } from './workers';

export const taskStatus = pgEnum('task_status', [
  'draft',
  'posted',
  'accepted',
  'submitted',
  'disputed',
  'completed',
  'cancelled',
  'expired',
  'resolved',
]);

/** A task's status; the API, the state machine and the event names all take it from this enum. */
export type TaskStatus = (typeof taskStatus.enumValues)[number];

// How exact a task's coordinates are: a city's centre (picked from the gazetteer), a geocoded street address, or
// a point the requester placed. Distances to a city centre say nothing, so they are neither shown nor checked.
export const placePrecision = pgEnum('place_precision', ['city', 'address', 'point']);

export type PlacePrecision = (typeof placePrecision.enumValues)[number];

// The verdict on a proof submission, as stored (the rules: lib/tasks/proof-verification.ts).
export const PROOF_CHECKS = ['location', 'capture_time', 'duplicate', 'in_app_capture', 'required_items'] as const;
export type ProofCheckName = (typeof PROOF_CHECKS)[number];
export const CHECK_RESULTS = ['pass', 'fail', 'unknown'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];
export const VERIFICATION_STATUSES = ['passed', 'flagged', 'unverified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** `required`: the task needs this check to pass; an `unknown` required check makes the verdict `unverified`. */
export type ProofCheck = { check: ProofCheckName; result: CheckResult; required: boolean; detail: string };
export type ProofVerification = { status: VerificationStatus; checks: ProofCheck[] };

export const autoApprove = pgEnum('task_auto_approve', ['never', 'when_passed']);
export type AutoApproveMode = (typeof autoApprove.enumValues)[number];

export const fundingSource = pgEnum('task_funding_source', ['card', 'x402', 'mpp']);

// A job a requester (an agent or a human) pays a worker to do. Money fields are integer cents:
// `budgetCents` is what the worker earns, `platformFeeCents` the 15% fee, `totalCents` what is charged.
// The coverage quote reads the accepted tasks near a point through tasks_coverage_idx, a GiST index on their
// Web-Mercator point carrying the medians' columns (custom migration 0021: drizzle-kit cannot express it).
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    // Null coordinates = a remote task.
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    // Null exactly when the coordinates are (a remote task).
    placePrecision: placePrecision('place_precision'),
    budgetCents: integer('budget_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    deadline: timestamptz('deadline').notNull(),
    requiredSkills: text('required_skills').array().notNull().default([]),
    proofRequirements: text('proof_requirements').array().notNull().default([]),
    // Private: shown only to the assigned worker.
    instructions: text('instructions'),
    status: taskStatus('status').notNull().default('draft'),
    livemode: boolean('livemode').notNull(),
    workerId: uuid('worker_id').references(() => users.id),
    // How the task was funded when it was posted: the requester's card, or an x402 (USDC) payment.
    fundingSource: fundingSource('funding_source'),
    // Requests for revision so far (at most 2).
    revisionCount: integer('revision_count').notNull().default(0),
    // The worker's proof: a note, uploaded photos (`uploads` ids) and where it was submitted from.
    proofNote: text('proof_note'),
    proofPhotoIds: uuid('proof_photo_ids').array().notNull().default([]),
    proofLat: doublePrecision('proof_lat'),
    proofLng: doublePrecision('proof_lng'),
    proofDistanceMeters: integer('proof_distance_meters'),
    // The latest submission's verdict (lib/tasks/proof-verification.ts), computed in the submit transaction.
    proofVerification: jsonb('proof_verification').$type<ProofVerification>(),
    // How near a photo must be taken to count as on site; checks the requester made a floor (a failing submission
    // is refused); and whether a `passed` submission completes by itself after `autoApproveAfterMinutes`.
    proofRadiusMeters: integer('proof_radius_meters').notNull().default(500),
    requiredChecks: text('required_checks').array().notNull().default([]),
    autoApprove: autoApprove('auto_approve').notNull().default('never'),
    autoApproveAfterMinutes: integer('auto_approve_after_minutes').notNull().default(60),
    // Set at a `passed` submission of a `when_passed` task; cleared by any other submission.
    autoApproveAt: timestamptz('auto_approve_at'),
    // The accept-by guarantee: a posted task nobody accepts by `acceptBy` is expired and refunded in full. A
    // relative `acceptWithinMinutes` is kept as asked and turned into `acceptBy` when the task is posted.
    acceptBy: timestamptz('accept_by'),
    acceptWithinMinutes: integer('accept_within_minutes'),
    publishedAt: timestamptz('published_at'),
    acceptedAt: timestamptz('accepted_at'),
    submittedAt: timestamptz('submitted_at'),
    completedAt: timestamptz('completed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    // What a late cancel paid the worker (lib/tasks/cancellation-policy.ts); null for any other end.
    cancellationFeeCents: integer('cancellation_fee_cents'),
    // A booking of a worker's service (POST /v1/services/{id}/book): the service and the slot's start; the
    // deadline is the slot's end. Null for every other task.
    serviceId: uuid('service_id').references(() => services.id),
    startsAt: timestamptz('starts_at'),
    // The creating request's Idempotency-Key (SHA-256) and body (SHA-256): a retry after a crash resumes this
    // draft instead of inserting a second one (create-task.ts). Null for a task created without a key.
    creationKey: text('creation_key'),
    creationRequestHash: text('creation_request_hash'),
    // An occurrence of a recurring task (task_series): its series and its start. Not a foreign key, so the
    // series aggregate can point at its tasks without a cycle between the two schema files.
    seriesId: uuid('series_id'),
    occurrenceAt: timestamptz('occurrence_at'),
    // Offered first to the series' last worker: until `reservedUntil` only they see and may accept it. Cleared
    // (the worker id) when the window lapses and the task goes to everyone.
    reservedForWorkerId: uuid('reserved_for_worker_id').references(() => users.id),
    reservedUntil: timestamptz('reserved_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_requester_created_idx').on(t.requesterId, t.createdAt, t.id),
    index('tasks_worker_created_idx').on(t.workerId, t.createdAt, t.id),
    index('tasks_status_idx').on(t.status),
    // The background job's two scans: posted tasks past their deadline, submitted tasks past review.
    index('tasks_posted_deadline_idx').on(t.deadline).where(sql`${t.status} = 'posted'`),
    index('tasks_posted_accept_by_idx').on(t.acceptBy).where(sql`${t.status} = 'posted'`),
    index('tasks_submitted_at_idx').on(t.submittedAt).where(sql`${t.status} = 'submitted'`),
    index('tasks_auto_approve_idx').on(t.autoApproveAt).where(sql`${t.status} = 'submitted'`),
    // A worker's booked slots, for the overlap check of a new booking.
    index('tasks_worker_bookings_idx').on(t.workerId, t.startsAt).where(sql`${t.serviceId} is not null`),
    index('tasks_series_idx').on(t.seriesId, t.occurrenceAt).where(sql`${t.seriesId} is not null`),
    index('tasks_reserved_idx').on(t.reservedUntil).where(sql`${t.reservedForWorkerId} is not null`),
    uniqueIndex('tasks_creation_key').on(t.requesterId, t.creationKey).where(sql`${t.creationKey} is not null`),
    check('tasks_revision_count_range', sql`${t.revisionCount} between 0 and 2`),
    check('tasks_money_consistent', sql`${t.totalCents} = ${t.budgetCents} + ${t.platformFeeCents}`),
    check('tasks_proof_radius_range', sql`${t.proofRadiusMeters} between 50 and 5000`),
    check('tasks_accept_within_range', sql`${t.acceptWithinMinutes} between 1 and 43200`),
    check('tasks_auto_approve_after_range', sql`${t.autoApproveAfterMinutes} between 0 and 4320`),
  ],
);

// Every photo submitted as proof, with its hashes, for the duplicate check of later submissions. The 64-bit
// perceptual hash is split into four 16-bit bands with a btree each: two hashes within 7 differing bits share a
// band that differs in at most one bit, so probing each band's value and its 16 one-bit neighbours finds every
// candidate, and only those are compared bit by bit (lib/services/uploads/find-reused-photos.ts).
export const proofPhotos = pgTable(
  'proof_photos',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id),
    pixelSha256: text('pixel_sha256').notNull(),
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }).notNull(),
    band0: integer('band0').notNull(),
    band1: integer('band1').notNull(),
    band2: integer('band2').notNull(),
    band3: integer('band3').notNull(),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.uploadId] }),
    index('proof_photos_pixel_idx').on(t.pixelSha256),
    index('proof_photos_band0_idx').on(t.band0),
    index('proof_photos_band1_idx').on(t.band1),
    index('proof_photos_band2_idx').on(t.band2),
    index('proof_photos_band3_idx').on(t.band3),
  ],
);

// Why an assignment ended before the task did: the worker handed it back, never delivered by the deadline (the
// requester then cancelled with a full refund), or the requester called the task off (with the late-cancel fee
// when due). Null while it is the task's current assignment.
export const assignmentEndReason = pgEnum('task_assignment_end_reason', ['withdrawn', 'no_show', 'cancelled']);

// One worker's turn at a task, from acceptance until a withdrawal or a no-show. The message thread belongs to
// the assignment, so the next worker never reads an earlier worker's conversation.
export const taskAssignments = pgTable(
  'task_assignments',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => users.id),
    acceptedAt: timestamptz('accepted_at').notNull().defaultNow(),
    endedAt: timestamptz('ended_at'),
    endReason: assignmentEndReason('end_reason'),
  },
  (t) => [
    // At most one current assignment per task.
    uniqueIndex('task_assignments_current_key').on(t.taskId).where(sql`${t.endedAt} is null`),
    index('task_assignments_task_idx').on(t.taskId, t.acceptedAt),
    index('task_assignments_worker_idx').on(t.workerId, t.endReason),
  ],
);

export type Task = typeof tasks.$inferSelect;
export type TaskAssignment = typeof taskAssignments.$inferSelect;
