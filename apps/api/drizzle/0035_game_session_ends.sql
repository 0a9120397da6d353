-- Game sessions still to be ended at a provider after a time-out or self-exclusion (issue #36 item 11,
-- docs/decisions/0066-a-restriction-ends-game-sessions.md): one row per provider, written in the restriction's
-- transaction, deleted once the provider confirmed; the worker retries what a provider that was down left.
CREATE TABLE "game_session_ends" (
	"player_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_session_ends_pk" PRIMARY KEY("player_id","provider")
);
--> statement-breakpoint
ALTER TABLE "game_session_ends" ADD CONSTRAINT "game_session_ends_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;