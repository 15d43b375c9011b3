-- Geo search (a later feature) uses earth_distance/ll_to_earth; PGlite loads both as bundled extensions.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
-- Rate-limit counters are disposable: skip the WAL so counting a request never waits on a disk flush.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
