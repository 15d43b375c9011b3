ALTER TABLE "users" ADD COLUMN "key_rate_limit_ceiling" integer;--> statement-breakpoint
-- Issue 16: keys created before the ceiling existed could ask for up to 100,000/min; bring them down to the default ceiling.
UPDATE "api_keys" SET "rate_limit_per_minute" = 6000 WHERE "rate_limit_per_minute" > 6000;
