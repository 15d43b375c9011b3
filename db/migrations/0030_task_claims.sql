-- agent_claims becomes task_claims with a `kind`: 'agent' (cold start) or 'intake' (SMS concierge). The CHECKs tie
-- each column's nullability to the kind, so an intake claim no longer carries a thrown-away claim token.
CREATE TYPE "public"."claim_kind" AS ENUM('agent', 'intake');--> statement-breakpoint
ALTER TABLE "agent_claims" RENAME TO "task_claims";--> statement-breakpoint
ALTER TABLE "task_claims" RENAME CONSTRAINT "agent_claims_pkey" TO "task_claims_pkey";--> statement-breakpoint
ALTER TABLE "task_claims" RENAME CONSTRAINT "agent_claims_agent_id_users_id_fk" TO "task_claims_agent_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "task_claims" RENAME CONSTRAINT "agent_claims_task_id_tasks_id_fk" TO "task_claims_task_id_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "task_claims" RENAME CONSTRAINT "agent_claims_api_key_id_api_keys_id_fk" TO "task_claims_api_key_id_api_keys_id_fk";--> statement-breakpoint
ALTER TABLE "task_claims" RENAME CONSTRAINT "agent_claims_claimed_by_users_id_fk" TO "task_claims_claimed_by_users_id_fk";--> statement-breakpoint
ALTER INDEX "agent_claims_claim_token_key" RENAME TO "task_claims_claim_token_key";--> statement-breakpoint
ALTER INDEX "agent_claims_human_token_key" RENAME TO "task_claims_human_token_key";--> statement-breakpoint
ALTER TABLE "task_claims" ADD COLUMN "kind" "claim_kind";--> statement-breakpoint
-- The data: a claim the SMS concierge made names its conversation and has no agent; its claim token was a
-- placeholder no one holds (convertIntake threw the token away), so it goes.
UPDATE "task_claims" SET "kind" = CASE WHEN "intake_conversation_id" IS NOT NULL THEN 'intake'::"claim_kind" ELSE 'agent'::"claim_kind" END;--> statement-breakpoint
ALTER TABLE "task_claims" ALTER COLUMN "claim_token_hash" DROP NOT NULL;--> statement-breakpoint
UPDATE "task_claims" SET "claim_token_hash" = NULL WHERE "kind" = 'intake';--> statement-breakpoint
ALTER TABLE "task_claims" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_agent_kind" CHECK ("task_claims"."kind" <> 'agent' or ("task_claims"."agent_id" is not null and "task_claims"."claim_token_hash" is not null));--> statement-breakpoint
ALTER TABLE "task_claims" ADD CONSTRAINT "task_claims_intake_kind" CHECK ("task_claims"."kind" <> 'intake' or ("task_claims"."intake_conversation_id" is not null and "task_claims"."agent_id" is null and "task_claims"."api_key_id" is null and "task_claims"."claim_token_hash" is null));
