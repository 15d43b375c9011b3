CREATE TYPE "public"."task_auto_approve" AS ENUM('never', 'when_passed');--> statement-breakpoint
CREATE TABLE "proof_photos" (
	"task_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"pixel_sha256" text NOT NULL,
	"perceptual_hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_photos_task_id_upload_id_pk" PRIMARY KEY("task_id","upload_id")
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "proof_verification" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "proof_radius_meters" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "required_checks" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "auto_approve" "task_auto_approve" DEFAULT 'never' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "auto_approve_after_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "auto_approve_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "captured_at_floating" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "gps_lat" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "gps_lng" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "gps_accuracy_meters" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "camera_make" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "camera_model" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "capture_source" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "device_lat" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "device_lng" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "device_accuracy_meters" double precision;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "pixel_sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "perceptual_hash" bigint;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD CONSTRAINT "proof_photos_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD CONSTRAINT "proof_photos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_photos" ADD CONSTRAINT "proof_photos_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_photos_pixel_idx" ON "proof_photos" USING btree ("pixel_sha256");--> statement-breakpoint
CREATE INDEX "proof_photos_band0_idx" ON "proof_photos" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "proof_photos_band1_idx" ON "proof_photos" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "proof_photos_band2_idx" ON "proof_photos" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "proof_photos_band3_idx" ON "proof_photos" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "tasks_auto_approve_idx" ON "tasks" USING btree ("auto_approve_at") WHERE "tasks"."status" = 'submitted';--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_proof_radius_range" CHECK ("tasks"."proof_radius_meters" between 50 and 5000);--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_auto_approve_after_range" CHECK ("tasks"."auto_approve_after_minutes" between 0 and 4320);