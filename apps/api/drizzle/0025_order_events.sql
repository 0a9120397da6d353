-- Live order status (docs/decisions/0036-live-order-status.md): every change of a deposit's or withdrawal's
-- status, whichever statement makes it (routes, worker, ops, raw prepared SQL), notifies `order_events` in
-- its own transaction, so the notification goes out at commit and never for a rolled-back change. The
-- payload is about 200 bytes (two uuids, an order code, a status), far under PostgreSQL's 8000-byte limit.
CREATE FUNCTION notify_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_events', json_build_object(
    'kind', TG_ARGV[0],
    'agencyId', NEW.agency_id,
    'playerId', NEW.player_id,
    'code', NEW.code,
    'status', NEW.status
  )::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deposits_order_event_insert AFTER INSERT ON deposits
  FOR EACH ROW EXECUTE FUNCTION notify_order_event('deposit');--> statement-breakpoint
-- late_paid too: a payment after cancellation changes what the player's history shows, not the status.
CREATE TRIGGER deposits_order_event_update AFTER UPDATE OF status, late_paid ON deposits
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.late_paid IS DISTINCT FROM NEW.late_paid)
  EXECUTE FUNCTION notify_order_event('deposit');--> statement-breakpoint
CREATE TRIGGER withdrawals_order_event_insert AFTER INSERT ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION notify_order_event('withdrawal');--> statement-breakpoint
CREATE TRIGGER withdrawals_order_event_update AFTER UPDATE OF status ON withdrawals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_order_event('withdrawal');
