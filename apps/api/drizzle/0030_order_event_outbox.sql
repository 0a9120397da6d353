-- Order events through an outbox (docs/decisions/0048-order-event-outbox.md). A NOTIFY in a transaction takes
-- PostgreSQL's notification-queue lock at commit and holds it through the commit's WAL flush, so every
-- deposit's and withdrawal's transaction committed one after another (pgbench: 2,200 → 830 tps with one
-- pg_notify per transaction). The triggers of 0025 and 0028 now only add their event to this table, in the
-- order's own transaction; the relay (relay-order-events.ts) notifies the committed events in batches.
-- UNLOGGED: the insert writes no WAL, and a crash loses only events the streams then catch up on (a gap).
CREATE UNLOGGED TABLE "order_event_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_order_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_event_outbox (payload) VALUES (jsonb_build_object(
    'kind', TG_ARGV[0],
    'agencyId', NEW.agency_id,
    'playerId', NEW.player_id,
    'code', NEW.code,
    'status', NEW.status
  ));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_queue_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_event_outbox (payload) VALUES (jsonb_build_object(
    'kind', TG_ARGV[0],
    'agencyId', NEW.agency_id,
    'playerId', NULL,
    'code', NEW.id,
    'status', NEW.status
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One relay at a time across every process (the transaction's advisory lock; a relay that finds it taken
-- skips its turn): batches then reach the queue in outbox order, so a stream never sees an order's SUCCESS
-- before its PAID. The batch is sorted before the first notification; `seq` keeps two equal events of one
-- batch from being merged into one (PostgreSQL drops repeated payloads within a transaction).
CREATE FUNCTION relay_order_events(max_events int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  event record;
  relayed int := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727275) THEN
    RETURN 0;
  END IF;
  FOR event IN
    WITH taken AS (
      DELETE FROM order_event_outbox
      WHERE id IN (SELECT id FROM order_event_outbox ORDER BY id LIMIT max_events)
      RETURNING id, payload
    )
    SELECT id, payload FROM taken ORDER BY id
  LOOP
    PERFORM pg_notify('order_events', (event.payload || jsonb_build_object('seq', event.id))::text);
    relayed := relayed + 1;
  END LOOP;
  RETURN relayed;
END
$$;
