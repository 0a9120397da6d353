CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"agency_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"from_provider" text NOT NULL,
	"to_provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "transfers_player_key_uq" UNIQUE("player_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "transfer_min_satang" bigint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "transfer_max_satang" bigint DEFAULT 10000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfers_player_idx" ON "transfers" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_unfinished_idx" ON "transfers" USING btree ("next_attempt_at") WHERE "transfers"."status" IN ('OUT_PENDING', 'IN_PENDING', 'RETURNING');--> statement-breakpoint
-- A transfer's status changes reach the player's event stream like an order's (decisions 0036, 0048, 0072):
-- its own trigger function only because the row names its code `reference`.
CREATE FUNCTION notify_transfer_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_event_outbox (payload) VALUES (jsonb_build_object(
    'kind', 'transfer',
    'agencyId', NEW.agency_id,
    'playerId', NEW.player_id,
    'code', NEW.reference,
    'status', NEW.status
  ));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER transfers_order_event_insert AFTER INSERT ON transfers
  FOR EACH ROW EXECUTE FUNCTION notify_transfer_event();--> statement-breakpoint
CREATE TRIGGER transfers_order_event_update AFTER UPDATE OF status ON transfers
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION notify_transfer_event();
