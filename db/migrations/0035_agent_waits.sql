CREATE TABLE "agent_waits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"api_key_id" uuid,
	"claim_id" uuid,
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"since_message_id" uuid,
	"statuses" text[],
	"status" text DEFAULT 'working' NOT NULL,
	"status_message" text,
	"outcome" jsonb,
	"error_code" text,
	"deadline" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"poll_interval_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_waits_kind_check" CHECK ("agent_waits"."kind" in ('message', 'task_status', 'claim')),
	CONSTRAINT "agent_waits_status_check" CHECK ("agent_waits"."status" in ('working', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "agent_waits_one_owner" CHECK (("agent_waits"."api_key_id" is null) <> ("agent_waits"."claim_id" is null))
);
--> statement-breakpoint
ALTER TABLE "agent_waits" ADD CONSTRAINT "agent_waits_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_waits" ADD CONSTRAINT "agent_waits_claim_id_task_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."task_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_waits" ADD CONSTRAINT "agent_waits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_waits" ADD CONSTRAINT "agent_waits_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_waits_working_idx" ON "agent_waits" USING btree ("deadline") WHERE "agent_waits"."status" = 'working';--> statement-breakpoint
CREATE INDEX "agent_waits_expires_idx" ON "agent_waits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "agent_waits_task_idx" ON "agent_waits" USING btree ("task_id");