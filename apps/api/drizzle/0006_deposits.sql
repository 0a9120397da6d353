CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"mid" text NOT NULL,
	"channel_code" text NOT NULL,
	"receiving_bank" text NOT NULL,
	"receiving_account" text NOT NULL,
	"merchant_name" text NOT NULL,
	"qr_payload" text NOT NULL,
	"rate_id" bigint NOT NULL,
	"rate_sell" numeric NOT NULL,
	"credit" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"promotion_usage_id" uuid,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"bank_reference" text,
	"paid_amount" bigint,
	"amount_mismatch" boolean DEFAULT false NOT NULL,
	"credited_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"credit_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposits_code_uq" UNIQUE("code"),
	CONSTRAINT "deposits_amounts_ck" CHECK ("deposits"."amount" > 0 AND "deposits"."credit" > 0 AND "deposits"."bonus" >= 0),
	CONSTRAINT "deposits_status_ck" CHECK ("deposits"."status" IN ('OPEN', 'PAID', 'SUCCESS', 'CANCELED', 'FAILED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "order_sequences" (
	"agency_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"day" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_sequences_pk" PRIMARY KEY("agency_id","prefix","day")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_player_key_uq" UNIQUE("player_id","key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_payments" (
	"bill_number" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"bank_reference" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"webhook_delivered_at" timestamp with time zone,
	CONSTRAINT "sandbox_bank_payments_reference_uq" UNIQUE("bank_reference")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sequences" ADD CONSTRAINT "order_sequences_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_one_open_per_player_uq" ON "deposits" USING btree ("player_id") WHERE "deposits"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "deposits_player_created_idx" ON "deposits" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "deposits_due_idx" ON "deposits" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "deposits_open_expiry_idx" ON "deposits" USING btree ("expires_at") WHERE "deposits"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");