CREATE TYPE "public"."place_precision" AS ENUM('city', 'address', 'point');--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "place_precision" "place_precision";
--> statement-breakpoint
-- Before precision was stored, the New task form sent a picked city's centre and no address unless one was typed:
-- a located task without an address is a city; one with an address cannot be told apart, so it counts as one.
UPDATE "tasks" SET "place_precision" = CASE WHEN "address" IS NULL THEN 'city' ELSE 'address' END::"place_precision" WHERE "lat" IS NOT NULL;
