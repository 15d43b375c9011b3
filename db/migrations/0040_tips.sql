CREATE TYPE "public"."tip_source" AS ENUM('card', 'x402');--> statement-breakpoint
CREATE TYPE "public"."tip_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'tip';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'tip_received';--> statement-breakpoint
CREATE TABLE "tips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"tipper_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"livemode" boolean NOT NULL,
	"amount_cents" integer NOT NULL,
	"source" "tip_source" NOT NULL,
	"status" "tip_status" DEFAULT 'pending' NOT NULL,
	"creation_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"charge_attempts" integer DEFAULT 0 NOT NULL,
	"charge_processor_id" text,
	"x402_payment_id" uuid,
	"failure_code" text,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"transfer_processor_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_positive" CHECK ("tips"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_tipper_id_users_id_fk" FOREIGN KEY ("tipper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tips_creation_key" ON "tips" USING btree ("tipper_id","creation_key");--> statement-breakpoint
CREATE INDEX "tips_task_idx" ON "tips" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tips_worker_idx" ON "tips" USING btree ("worker_id","created_at");--> statement-breakpoint
CREATE INDEX "tips_unsent_idx" ON "tips" USING btree ("next_attempt_at") WHERE "tips"."status" = 'paid' and "tips"."transfer_processor_id" is null;