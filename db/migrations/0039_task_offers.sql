CREATE TYPE "public"."task_offer_status" AS ENUM('pending', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'task_offer';--> statement-breakpoint
CREATE TABLE "task_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"proposed_time" timestamp with time zone,
	"message" text,
	"status" "task_offer_status" DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_offers_price_positive" CHECK ("task_offers"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "worker_profiles" ADD COLUMN "min_price_cents" integer;--> statement-breakpoint
ALTER TABLE "task_offers" ADD CONSTRAINT "task_offers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_offers" ADD CONSTRAINT "task_offers_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_offers_task_status_idx" ON "task_offers" USING btree ("task_id","status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_offers_pending_key" ON "task_offers" USING btree ("task_id","worker_id") WHERE "task_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "task_offers_worker_idx" ON "task_offers" USING btree ("worker_id","created_at");