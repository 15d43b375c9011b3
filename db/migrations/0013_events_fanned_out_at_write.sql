-- Webhook fan-out moves to where events are written: an event's deliveries are queued in the same statement
-- that inserts it (lib/webhooks/queue-deliveries-sql.ts), so the dispatcher only sends. Events the old
-- dispatcher had not fanned out yet get their deliveries here first, so nothing is lost; then the stamp and
-- its index go.
INSERT INTO "webhook_deliveries" ("endpoint_id", "event_id", "next_attempt_at")
SELECT w."id", e."id", now()
FROM "events" e
JOIN "webhook_endpoints" w
  ON w."owner_id" = any(e."audience")
 AND w."livemode" = e."livemode"
 AND w."deleted_at" IS NULL
 AND w."disabled_at" IS NULL
 AND (cardinality(w."events") = 0 OR e."type" = any(w."events"))
WHERE e."dispatched_at" IS NULL
ON CONFLICT ("endpoint_id", "event_id") DO NOTHING;--> statement-breakpoint
DROP INDEX "events_undispatched_idx";--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "dispatched_at";
