CREATE TYPE "public"."charge_status" AS ENUM('processing', 'succeeded', 'failed', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."identity_status" AS ENUM('not_started', 'pending', 'verified', 'failed');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('pending', 'paid', 'reversed');--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid,
	"livemode" boolean NOT NULL,
	"processor" text NOT NULL,
	"processor_id" text,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" charge_status DEFAULT 'processing' NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"disputed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"livemode" boolean NOT NULL,
	"processor" text NOT NULL,
	"session_id" text NOT NULL,
	"status" "identity_status" DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"event_created" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"livemode" boolean NOT NULL,
	"processor" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_livemode_pk" PRIMARY KEY("user_id","livemode")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid NOT NULL,
	"livemode" boolean NOT NULL,
	"processor" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_created" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_user_id_livemode_pk" PRIMARY KEY("user_id","livemode")
);
--> statement-breakpoint
CREATE TABLE "processor_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"livemode" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"task_id" uuid,
	"livemode" boolean NOT NULL,
	"processor" text NOT NULL,
	"processor_id" text,
	"amount_cents" integer NOT NULL,
	"reversed_cents" integer DEFAULT 0 NOT NULL,
	"status" "transfer_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_processor_id_key" ON "charges" USING btree ("processor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_task_key" ON "charges" USING btree ("task_id","livemode");--> statement-breakpoint
CREATE INDEX "charges_user_idx" ON "charges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_session_key" ON "identity_verifications" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "identity_user_idx" ON "identity_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_key" ON "payment_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_account_key" ON "payout_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_processor_id_key" ON "transfers" USING btree ("processor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_task_key" ON "transfers" USING btree ("task_id","livemode");