CREATE TYPE "public"."task_assignment_end_reason" AS ENUM('withdrawn', 'no_show');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('verify_email', 'reset_password');--> statement-breakpoint
CREATE TABLE "task_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" "task_assignment_end_reason"
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_messages" ADD COLUMN "assignment_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_assignments_current_key" ON "task_assignments" USING btree ("task_id") WHERE "task_assignments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "task_assignments_task_idx" ON "task_assignments" USING btree ("task_id","accepted_at");--> statement-breakpoint
CREATE INDEX "task_assignments_worker_idx" ON "task_assignments" USING btree ("worker_id","end_reason");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_purpose_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
ALTER TABLE "task_messages" ADD CONSTRAINT "task_messages_assignment_id_task_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."task_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Backfill: the current worker of each task gets an assignment, and the messages written since they accepted
-- belong to it. Older messages (from workers who withdrew) stay without one: only the requester side reads them.
INSERT INTO "task_assignments" ("task_id", "worker_id", "accepted_at")
  SELECT "id", "worker_id", coalesce("accepted_at", "updated_at") FROM "tasks" WHERE "worker_id" IS NOT NULL;--> statement-breakpoint
UPDATE "task_messages" m SET "assignment_id" = a."id"
  FROM "task_assignments" a WHERE a."task_id" = m."task_id" AND m."created_at" >= a."accepted_at";
