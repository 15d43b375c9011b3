ALTER TABLE "tasks" ADD COLUMN "creation_key" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "creation_request_hash" text;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "draft_task_id" uuid;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "requester_id" uuid;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "livemode" boolean;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "requirements" jsonb;--> statement-breakpoint
ALTER TABLE "x402_payments" ADD COLUMN "booked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_creation_key" ON "tasks" USING btree ("requester_id","creation_key") WHERE "tasks"."creation_key" is not null;--> statement-breakpoint
CREATE INDEX "x402_payments_unbooked_idx" ON "x402_payments" USING btree ("created_at") WHERE "x402_payments"."booked_at" is null and "x402_payments"."draft_task_id" is not null;