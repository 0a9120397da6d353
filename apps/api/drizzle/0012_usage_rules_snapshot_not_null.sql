ALTER TABLE "promotion_usages" ALTER COLUMN "target_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_usages" ALTER COLUMN "target_value" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_usages" ALTER COLUMN "withdraw_all" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_usages" ALTER COLUMN "deduct_bonus" SET NOT NULL;