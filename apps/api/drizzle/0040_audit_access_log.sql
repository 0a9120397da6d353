DROP INDEX "audit_log_agency_created_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "kind" text DEFAULT 'action' NOT NULL;--> statement-breakpoint
-- The page views written before this migration move to the access log (decision 0076): the one change ever
-- made to rows of the append-only log, so its trigger steps aside for this statement only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "kind" = 'access'
  WHERE "action" IN ('deposits.list', 'withdrawals.list', 'promotions.list', 'players.list', 'players.read',
    'reports.settlement')
    OR "action" LIKE 'player.%.read';--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
CREATE INDEX "audit_log_agency_kind_created_idx" ON "audit_log" USING btree ("agency_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind_ck" CHECK ("audit_log"."kind" IN ('action', 'access'));
