CREATE TABLE "reconciliation_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"agency_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"member" text NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"member" text NOT NULL,
	"ledger" bigint NOT NULL,
	"transferred_in" bigint,
	"transferred_out" bigint,
	"provider_balance" bigint,
	"status" text NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"player_id" uuid,
	"provider" text,
	"kind" text NOT NULL,
	"reference" text,
	"provider_amount" bigint,
	"ledger_amount" bigint,
	"entries_amount" bigint
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"window_from" timestamp with time zone,
	"window_to" timestamp with time zone,
	"is_window_complete" boolean DEFAULT false NOT NULL,
	"accounts_checked" integer DEFAULT 0 NOT NULL,
	"transfers_matched" integer DEFAULT 0 NOT NULL,
	"provider_calls" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"unavailable" integer DEFAULT 0 NOT NULL,
	"totals" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "reconciliation_accounts" ADD CONSTRAINT "reconciliation_accounts_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_accounts" ADD CONSTRAINT "reconciliation_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_accounts" ADD CONSTRAINT "reconciliation_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_checks" ADD CONSTRAINT "reconciliation_checks_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_checks" ADD CONSTRAINT "reconciliation_checks_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_checks" ADD CONSTRAINT "reconciliation_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_accounts_member_uq" ON "reconciliation_accounts" USING btree ("agency_id","provider","member");--> statement-breakpoint
CREATE INDEX "reconciliation_accounts_checked_idx" ON "reconciliation_accounts" USING btree ("agency_id","checked_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reconciliation_checks_run_idx" ON "reconciliation_checks" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_one_running_uq" ON "reconciliation_runs" USING btree ("agency_id") WHERE "reconciliation_runs"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "reconciliation_runs_agency_idx" ON "reconciliation_runs" USING btree ("agency_id","seq");--> statement-breakpoint
CREATE INDEX "sandbox_provider_transfers_applied_idx" ON "sandbox_provider_transfers" USING btree ("provider","created_at","id");