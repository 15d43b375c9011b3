ALTER TABLE "task_claims" ADD COLUMN "opened_by" uuid;--> statement-breakpoint
ALTER TABLE "task_claims" ADD COLUMN "opened_link_sealed" text;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_claims_opened_by_idx" ON "task_claims" USING btree ("opened_by") WHERE "task_claims"."claimed_at" is null;