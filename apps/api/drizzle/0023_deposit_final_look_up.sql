ALTER TABLE "deposits" ADD COLUMN "final_look_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposits_final_look_up_idx" ON "deposits" USING btree ("expires_at") WHERE "deposits"."final_look_up_at" IS NULL AND "deposits"."status" IN ('SUCCESS', 'CANCELED', 'REJECTED', 'FAILED');--> statement-breakpoint
-- Orders whose life ended before this migration count as looked up: the sweep is for orders from now on,
-- not one bank call for every order the agency ever had.
UPDATE "deposits" SET "final_look_up_at" = now() WHERE "expires_at" < now() - interval '2 minutes';
