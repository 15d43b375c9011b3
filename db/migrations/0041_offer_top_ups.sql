DROP INDEX "charges_task_key";--> statement-breakpoint
ALTER TABLE "task_offers" ADD COLUMN "top_up_x402_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_offer_processing_key" ON "charges" USING btree ("offer_id") WHERE "charges"."offer_id" is not null and "charges"."status" = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_task_key" ON "charges" USING btree ("task_id","livemode") WHERE "charges"."offer_id" is null;