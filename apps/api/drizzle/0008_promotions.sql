CREATE TABLE "promotion_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"deposit_amount" bigint NOT NULL,
	"deposit_code" text,
	"credit" bigint,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"target_credit" bigint,
	"used_at" timestamp with time zone,
	"take_back" bigint,
	"withdrawal_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_usages_status_ck" CHECK ("promotion_usages"."status" IN ('ACTIVE', 'USED', 'CANCELING', 'SUCCESS', 'INACTIVE', 'CANCELED')),
	CONSTRAINT "promotion_usages_amounts_ck" CHECK ("promotion_usages"."bonus" >= 0 AND coalesce("promotion_usages"."take_back", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"providers" jsonb NOT NULL,
	"deposit_amount" bigint NOT NULL,
	"bonus_type" text NOT NULL,
	"bonus_value" bigint NOT NULL,
	"bonus_max" bigint,
	"target_type" text NOT NULL,
	"target_value" bigint NOT NULL,
	"withdraw_all" boolean NOT NULL,
	"withdraw_min_type" text,
	"withdraw_min_value" bigint,
	"withdraw_max_type" text,
	"withdraw_max_value" bigint,
	"deduct_bonus" boolean NOT NULL,
	"first_order_only" boolean NOT NULL,
	"once_per_player" boolean NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"active" boolean NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotions_figures_ck" CHECK ("promotions"."deposit_amount" > 0 AND "promotions"."bonus_value" >= 0 AND "promotions"."target_value" >= 0
        AND "promotions"."bonus_type" IN ('FIXED', 'PERCENT') AND "promotions"."target_type" IN ('FIXED', 'MULTIPLIER'))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "promotion_usage_id" uuid;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD CONSTRAINT "promotion_usages_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD CONSTRAINT "promotion_usages_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD CONSTRAINT "promotion_usages_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_usages_one_live_per_player_uq" ON "promotion_usages" USING btree ("player_id") WHERE "promotion_usages"."status" IN ('ACTIVE', 'USED', 'CANCELING');--> statement-breakpoint
CREATE INDEX "promotion_usages_player_idx" ON "promotion_usages" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "promotion_usages_promotion_player_idx" ON "promotion_usages" USING btree ("promotion_id","player_id");--> statement-breakpoint
CREATE INDEX "promotions_agency_idx" ON "promotions" USING btree ("agency_id","active");