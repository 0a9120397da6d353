ALTER TABLE "withdrawals" ADD COLUMN "return_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "next_attempt_at" timestamp with time zone;