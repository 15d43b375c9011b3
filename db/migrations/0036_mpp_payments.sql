ALTER TYPE "public"."task_funding_source" ADD VALUE 'mpp';--> statement-breakpoint
CREATE TABLE "mpp_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"challenge_id" text NOT NULL,
	"task_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"livemode" boolean NOT NULL,
	"amount_cents" integer NOT NULL,
	"processor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mpp_payments_token_key" ON "mpp_payments" USING btree ("livemode","token");--> statement-breakpoint
CREATE UNIQUE INDEX "mpp_payments_challenge_key" ON "mpp_payments" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "mpp_payments_task_idx" ON "mpp_payments" USING btree ("task_id");