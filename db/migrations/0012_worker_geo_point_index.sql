-- Geo search, take two: the cube GiST index on ll_to_earth(lat, lng) was exact but slow. cube's picksplit
-- leaves heavily overlapping leaf boxes, so a nearest-neighbour scan in a dense city visited ~150 index
-- pages before its first row, and every candidate then cost a heap fetch. This index keys listed workers on
-- their Web-Mercator point (x = lng, y = the Mercator ordinate in degrees, latitude clamped to ±89.9): a
-- conformal projection, so near the search centre the planar distance orders like the great-circle one. The
-- point opclass builds sorted (tight, non-overlapping leaves) and carries everything the score reads, so the
-- candidate scan is index-only (lib/services/workers/search-workers-sql.ts: GEO_POINT must match this
-- expression exactly).
CREATE INDEX "worker_profiles_geo_idx" ON "worker_profiles" USING gist (
  point("lng", degrees(ln(tan(radians(45 + least(greatest("lat", -89.9), 89.9) / 2)))))
) INCLUDE ("lat", "lng", "skills", "average_rating", "verification_tier", "is_available", "id")
  WHERE "is_listed" AND "lat" IS NOT NULL AND "lng" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "worker_profiles_earth_idx";
