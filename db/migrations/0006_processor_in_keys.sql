ALTER TABLE "payment_customers" DROP CONSTRAINT "payment_customers_user_id_livemode_pk";--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_user_id_livemode_pk";--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_livemode_processor_pk" PRIMARY KEY("user_id","livemode","processor");--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_livemode_processor_pk" PRIMARY KEY("user_id","livemode","processor");