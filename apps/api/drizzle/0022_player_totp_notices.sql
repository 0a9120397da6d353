CREATE TABLE "player_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_agent" text,
	CONSTRAINT "player_notices_kind_ck" CHECK ("player_notices"."kind" in ('PASSWORD_CHANGED', 'TOTP_ENABLED', 'TOTP_DISABLED', 'NEW_DEVICE_LOGIN', 'SESSION_ENDED'))
);
--> statement-breakpoint
CREATE TABLE "player_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "player_recovery_codes_player_hash_uq" UNIQUE("player_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "player_totp" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_notices" ADD CONSTRAINT "player_notices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_recovery_codes" ADD CONSTRAINT "player_recovery_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_totp" ADD CONSTRAINT "player_totp_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_notices_player_idx" ON "player_notices" USING btree ("player_id","at");