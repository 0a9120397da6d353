CREATE TABLE "exchange_rates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"buy" numeric NOT NULL,
	"sell" numeric NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "exchange_rates_currency_ck" CHECK ("exchange_rates"."currency" IN ('THB', 'USD')),
	CONSTRAINT "exchange_rates_positive_ck" CHECK ("exchange_rates"."buy" > 0 AND "exchange_rates"."buy" <= "exchange_rates"."sell")
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_current_idx" ON "exchange_rates" USING btree ("agency_id","currency","id");