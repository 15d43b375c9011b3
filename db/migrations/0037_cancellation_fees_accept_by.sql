ALTER TYPE "public"."task_assignment_end_reason" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "accept_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "accept_within_minutes" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "cancellation_fee_cents" integer;--> statement-breakpoint
CREATE INDEX "tasks_posted_accept_by_idx" ON "tasks" USING btree ("accept_by") WHERE "tasks"."status" = 'posted';--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_accept_within_range" CHECK ("tasks"."accept_within_minutes" between 1 and 43200);