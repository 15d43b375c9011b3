CREATE TYPE "public"."task_series_occurrence_status" AS ENUM('pending', 'created', 'failed');--> statement-breakpoint
CREATE TYPE "public"."task_series_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'task_series_paused';--> statement-breakpoint
CREATE TABLE "task_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"livemode" boolean NOT NULL,
	"status" "task_series_status" DEFAULT 'active' NOT NULL,
	"paused_reason" text,
	"template" jsonb NOT NULL,
	"cadence" jsonb NOT NULL,
	"first_occurrence_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"ends_on" text,
	"count" integer,
	"lead_hours" integer DEFAULT 48 NOT NULL,
	"preferred_worker_window_minutes" integer DEFAULT 120 NOT NULL,
	"next_occurrence_at" timestamp with time zone,
	"next_index" integer DEFAULT 1 NOT NULL,
	"next_plan_at" timestamp with time zone,
	"skipped" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_series_lead_hours_range" CHECK ("task_series"."lead_hours" between 1 and 336),
	CONSTRAINT "task_series_window_range" CHECK ("task_series"."preferred_worker_window_minutes" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "task_series_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"occurrence_at" timestamp with time zone NOT NULL,
	"status" "task_series_occurrence_status" DEFAULT 'pending' NOT NULL,
	"task_id" uuid,
	"failure" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "occurrence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "reserved_for_worker_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_series" ADD CONSTRAINT "task_series_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series_occurrences" ADD CONSTRAINT "task_series_occurrences_series_id_task_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."task_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_series_occurrences" ADD CONSTRAINT "task_series_occurrences_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_series_requester_created_idx" ON "task_series" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_series_due_idx" ON "task_series" USING btree ("next_plan_at") WHERE "task_series"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "task_series_occurrences_n_key" ON "task_series_occurrences" USING btree ("series_id","n");--> statement-breakpoint
CREATE INDEX "task_series_occurrences_pending_idx" ON "task_series_occurrences" USING btree ("occurrence_at") WHERE "task_series_occurrences"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_reserved_for_worker_id_users_id_fk" FOREIGN KEY ("reserved_for_worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_series_idx" ON "tasks" USING btree ("series_id","occurrence_at") WHERE "tasks"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "tasks_reserved_idx" ON "tasks" USING btree ("reserved_until") WHERE "tasks"."reserved_for_worker_id" is not null;