-- Nobody moves money alone (decision 0065): crediting back a bounced payout and creating a member who can
-- approve are four-eyes requests, and a member never approves a request of whoever created them.
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_ck";--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_ck" CHECK ("approvals"."kind" in ('ADJUSTMENT', 'ROLE_CHANGE', 'WITHDRAWAL_APPROVAL', 'RATE_CHANGE', 'BOUNCE_CREDIT_BACK', 'STAFF_CREATE'));--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "created_by_staff_id" uuid REFERENCES "staff"("id");--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "created_by" text;
