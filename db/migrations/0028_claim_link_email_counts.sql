CREATE TABLE "claim_link_email_counts" (
	"address" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "claim_link_email_counts_address_day_pk" PRIMARY KEY("address","day")
);
