-- GET /v1/geo/coverage: the history behind the quote is the accepted tasks near a point, posted in the last 90
-- days. This index keys every located task that a worker accepted (bookings of services left out: they are
-- accepted at creation) on the same Web-Mercator point as worker_profiles_geo_idx (migration 0012), and carries
-- every column the medians and filters read, so the nearest-first scan inside the circle's box is index only
-- and stops after the sample cap (lib/services/coverage/coverage-sql.ts: TASK_GEO_POINT must match this
-- expression exactly). The 90-day window cannot be part of a partial index (now() is not immutable); it is a
-- filter on the carried published_at.
CREATE INDEX "tasks_coverage_idx" ON "tasks" USING gist (
  point("lng", degrees(ln(tan(radians(45 + least(greatest("lat", -89.9), 89.9) / 2)))))
) INCLUDE ("lat", "lng", "published_at", "accepted_at", "category", "status", "budget_cents")
  WHERE "lat" IS NOT NULL AND "lng" IS NOT NULL AND "published_at" IS NOT NULL AND "accepted_at" IS NOT NULL
    AND "service_id" IS NULL;
