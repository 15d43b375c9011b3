CREATE TABLE "message_digests" (
	"user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"first_unread_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_digests_user_id_task_id_pk" PRIMARY KEY("user_id","task_id")
);
--> statement-breakpoint
DROP INDEX "notification_emails_notification_key";--> statement-breakpoint
ALTER TABLE "notification_emails" ADD COLUMN "summary_title" text;--> statement-breakpoint
ALTER TABLE "notification_emails" ADD COLUMN "summary_body" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "message_delivery" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "message_digests" ADD CONSTRAINT "message_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_digests" ADD CONSTRAINT "message_digests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_digests_due_idx" ON "message_digests" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_emails_notification_key" ON "notification_emails" USING btree ("notification_id") WHERE "notification_emails"."summary_title" is null;