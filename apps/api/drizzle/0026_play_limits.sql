ALTER TABLE "players" ADD COLUMN "deposit_limit_daily" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "deposit_limit_weekly" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "deposit_limit_monthly" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pending_limit_daily" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pending_limit_weekly" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pending_limit_monthly" bigint;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "pending_limits_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "restriction_kind" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_deposit_limits_ck" CHECK ("players"."deposit_limit_daily" > 0 AND "players"."deposit_limit_weekly" > 0 AND "players"."deposit_limit_monthly" > 0
        AND "players"."pending_limit_daily" > 0 AND "players"."pending_limit_weekly" > 0 AND "players"."pending_limit_monthly" > 0);--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_restriction_ck" CHECK (("players"."restriction_kind" IS NULL) = ("players"."restricted_until" IS NULL)
        AND ("players"."restriction_kind" IS NULL OR "players"."restriction_kind" IN ('TIME_OUT', 'SELF_EXCLUSION')));