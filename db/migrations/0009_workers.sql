CREATE TYPE "public"."capability_answer" AS ENUM('yes', 'maybe', 'no');--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"date" date NOT NULL,
	"available" boolean NOT NULL,
	"start_minute" smallint,
	"end_minute" smallint,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_availability_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"worker_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "worker_availability_rules_day" CHECK ("worker_availability_rules"."day_of_week" between 0 and 6),
	CONSTRAINT "worker_availability_rules_window" CHECK (0 <= "worker_availability_rules"."start_minute" and "worker_availability_rules"."start_minute" < "worker_availability_rules"."end_minute" and "worker_availability_rules"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "worker_capability_answers" (
	"worker_id" uuid NOT NULL,
	"category" text NOT NULL,
	"capability" text NOT NULL,
	"answer" "capability_answer" NOT NULL,
	"detail" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_capability_answers_worker_id_category_capability_pk" PRIMARY KEY("worker_id","category","capability")
);
--> statement-breakpoint
CREATE TABLE "worker_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"display_name" text,
	"headline" text,
	"bio" text,
	"skills" text[],
	"skill_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"hourly_rate_cents" integer,
	"lat" double precision,
	"lng" double precision,
	"city" text,
	"region" text,
	"country" text,
	"default_radius_meters" integer DEFAULT 25000 NOT NULL,
	"is_listed" boolean DEFAULT false NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"average_rating" numeric(3, 2),
	"rating_count" integer DEFAULT 0 NOT NULL,
	"completed_tasks" integer DEFAULT 0 NOT NULL,
	"verification_tier" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_profiles_lat_range" CHECK ("worker_profiles"."lat" between -90 and 90),
	CONSTRAINT "worker_profiles_lng_range" CHECK ("worker_profiles"."lng" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_availability_exceptions" ADD CONSTRAINT "worker_availability_exceptions_worker_id_worker_profiles_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_availability_rules" ADD CONSTRAINT "worker_availability_rules_worker_id_worker_profiles_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_capability_answers" ADD CONSTRAINT "worker_capability_answers_worker_id_worker_profiles_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."worker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD CONSTRAINT "worker_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "worker_availability_exceptions_worker_idx" ON "worker_availability_exceptions" USING btree ("worker_id","date");--> statement-breakpoint
CREATE INDEX "worker_availability_rules_worker_idx" ON "worker_availability_rules" USING btree ("worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "worker_profiles_user_key" ON "worker_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "worker_profiles_listed_created_idx" ON "worker_profiles" USING btree ("created_at","id") WHERE "worker_profiles"."is_listed";