CREATE TABLE "player_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"staff_id" uuid,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_ck";--> statement-breakpoint
DROP INDEX "audit_log_target_idx";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notes_player_created_idx" ON "player_notes" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_one_pending_subject_uq" ON "approvals" USING btree ("agency_id","subject") WHERE "approvals"."status" = 'PENDING' AND "approvals"."subject" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_target_created_idx" ON "audit_log" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_agency_number_idx" ON "bank_accounts" USING btree ("agency_id","account_number");--> statement-breakpoint
CREATE INDEX "ledger_transactions_player_created_idx" ON "ledger_transactions" USING btree ("player_id","created_at");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_ck" CHECK ("approvals"."kind" in ('ADJUSTMENT', 'ROLE_CHANGE', 'WITHDRAWAL_APPROVAL', 'RATE_CHANGE'));