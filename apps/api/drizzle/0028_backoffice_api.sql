ALTER TABLE "agencies" ADD COLUMN "approval_threshold_satang" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
CREATE INDEX "bank_payments_agency_received_idx" ON "bank_payments" USING btree ("agency_id","received_at");--> statement-breakpoint
CREATE INDEX "deposits_agency_created_idx" ON "deposits" USING btree ("agency_id","created_at","code");--> statement-breakpoint
CREATE INDEX "deposits_agency_status_created_idx" ON "deposits" USING btree ("agency_id","status","created_at","code");--> statement-breakpoint
CREATE INDEX "deposits_agency_credited_idx" ON "deposits" USING btree ("agency_id","credited_at") WHERE "deposits"."status" = 'SUCCESS';--> statement-breakpoint
CREATE INDEX "players_agency_phone_idx" ON "players" USING btree ("agency_id","phone");--> statement-breakpoint
CREATE INDEX "players_agency_created_idx" ON "players" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_agency_created_idx" ON "withdrawals" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_agency_decided_idx" ON "withdrawals" USING btree ("agency_id","decided_at");--> statement-breakpoint
-- The back office's queue events (docs/decisions/0043-backoffice-api.md) on the one `order_events` channel
-- of decision 0036: bank payments and four-eyes requests notify as deposits and withdrawals do, with their
-- id as `code` and no player. A payment of an unknown bill has no agency (null): every agency's staff see it.
CREATE FUNCTION notify_queue_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_events', json_build_object(
    'kind', TG_ARGV[0],
    'agencyId', NEW.agency_id,
    'playerId', NULL,
    'code', NEW.id,
    'status', NEW.status
  )::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER bank_payments_queue_event_insert AFTER INSERT ON bank_payments
  FOR EACH ROW EXECUTE FUNCTION notify_queue_event('bank_payment');--> statement-breakpoint
CREATE TRIGGER bank_payments_queue_event_update AFTER UPDATE OF status ON bank_payments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_queue_event('bank_payment');--> statement-breakpoint
CREATE TRIGGER approvals_queue_event_insert AFTER INSERT ON approvals
  FOR EACH ROW EXECUTE FUNCTION notify_queue_event('approval');--> statement-breakpoint
CREATE TRIGGER approvals_queue_event_update AFTER UPDATE OF status ON approvals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_queue_event('approval');
