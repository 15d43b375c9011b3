CREATE TYPE "public"."credential_kind" AS ENUM('session', 'api_key');--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "credential_kind" "credential_kind";--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "credential_id" uuid;