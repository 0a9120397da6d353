ALTER TABLE "promotion_usages" ADD COLUMN "target_type" text;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "target_value" bigint;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "withdraw_all" boolean;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "withdraw_min_type" text;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "withdraw_min_value" bigint;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "withdraw_max_type" text;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "withdraw_max_value" bigint;--> statement-breakpoint
ALTER TABLE "promotion_usages" ADD COLUMN "deduct_bonus" boolean;