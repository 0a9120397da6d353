CREATE TABLE "bank_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid,
	"bank_reference" text NOT NULL,
	"bill_number" text NOT NULL,
	"reference" text,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"deposit_id" uuid,
	"player_id" uuid,
	"credited_deposit_id" uuid,
	"refund_reference" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "bank_payments_reference_uq" UNIQUE("bank_reference"),
	CONSTRAINT "bank_payments_amount_ck" CHECK ("bank_payments"."amount" > 0),
	CONSTRAINT "bank_payments_status_ck" CHECK ("bank_payments"."status" IN ('MATCHED', 'UNMATCHED', 'CREDITED', 'REFUNDED')),
	CONSTRAINT "bank_payments_reason_ck" CHECK (("bank_payments"."status" = 'MATCHED') = ("bank_payments"."reason" IS NULL) OR "bank_payments"."status" IN ('CREDITED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_bills" (
	"bill_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"receiver_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"payload" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_bank_bills_reference_uq" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "sandbox_bank_payments" DROP CONSTRAINT "sandbox_bank_payments_reference_uq";--> statement-breakpoint
ALTER TABLE "sandbox_bank_payments" DROP CONSTRAINT "sandbox_bank_payments_pkey";--> statement-breakpoint
ALTER TABLE "sandbox_bank_payments" ADD PRIMARY KEY ("bank_reference");--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "bank_bill_id" text;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "late_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_bank_payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_payments" ADD CONSTRAINT "bank_payments_credited_deposit_id_deposits_id_fk" FOREIGN KEY ("credited_deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_payments_agency_status_idx" ON "bank_payments" USING btree ("agency_id","status","received_at");--> statement-breakpoint
CREATE INDEX "bank_payments_deposit_idx" ON "bank_payments" USING btree ("deposit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_bank_bill_uq" ON "deposits" USING btree ("bank_bill_id");--> statement-breakpoint
CREATE INDEX "sandbox_bank_payments_bill_idx" ON "sandbox_bank_payments" USING btree ("bill_number","paid_at");--> statement-breakpoint
-- Deposits made before bill ids: their QR's bill was the order code.
UPDATE "deposits" SET "bank_bill_id" = "code" WHERE "bank_bill_id" IS NULL;--> statement-breakpoint
-- Payments already reported keep their place in the new table: the one that settled each order.
INSERT INTO "bank_payments" ("agency_id", "bank_reference", "bill_number", "reference", "amount", "paid_at",
  "received_at", "status", "reason", "deposit_id")
SELECT "agency_id", "bank_reference", "code", "code", "paid_amount", "paid_at", "paid_at",
  CASE WHEN "amount_mismatch" THEN 'UNMATCHED' ELSE 'MATCHED' END,
  CASE WHEN "amount_mismatch" THEN 'AMOUNT_MISMATCH' END, "id"
FROM "deposits"
WHERE "bank_reference" IS NOT NULL AND "paid_amount" IS NOT NULL AND "paid_at" IS NOT NULL
ON CONFLICT ("bank_reference") DO NOTHING;
