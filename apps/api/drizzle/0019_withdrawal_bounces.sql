ALTER TABLE "withdrawals" ADD COLUMN "bounces" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "bounce_reference" text;