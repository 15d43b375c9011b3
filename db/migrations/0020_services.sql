CREATE TYPE "public"."service_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"area_lat" double precision,
	"area_lng" double precision,
	"area_radius_meters" integer,
	"photos" uuid[] DEFAULT '{}' NOT NULL,
	"status" "service_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_price_range" CHECK ("services"."price_cents" between 500 and 1000000),
	CONSTRAINT "services_duration_range" CHECK ("services"."duration_minutes" between 15 and 1440),
	CONSTRAINT "services_area_whole" CHECK (("services"."area_lat" is null) = ("services"."area_lng" is null) and ("services"."area_lat" is null) = ("services"."area_radius_meters" is null)),
	CONSTRAINT "services_area_radius" CHECK ("services"."area_radius_meters" is null or "services"."area_radius_meters" between 1 and 200000)
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_worker_idx" ON "services" USING btree ("worker_id","created_at","id");--> statement-breakpoint
CREATE INDEX "services_active_created_idx" ON "services" USING btree ("created_at","id") WHERE "services"."status" = 'active';--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_worker_bookings_idx" ON "tasks" USING btree ("worker_id","starts_at") WHERE "tasks"."service_id" is not null;--> statement-breakpoint
-- Service search near a place (lib/services/services/search-services-sql.ts: AREA_POINT must match this
-- expression exactly): active located services keyed on their area centre's Web-Mercator point, as
-- worker_profiles_geo_idx (0012) keys workers. A box around the search centre is matched on it; the INCLUDE
-- columns carry what the distance and the category filter read, so dropped candidates cost no table row.
CREATE INDEX "services_area_geo_idx" ON "services" USING gist (
  point("area_lng", degrees(ln(tan(radians(45 + least(greatest("area_lat", -89.9), 89.9) / 2)))))
) INCLUDE ("area_lat", "area_lng", "category", "worker_id", "id")
  WHERE "status" = 'active' AND "area_lat" IS NOT NULL;
