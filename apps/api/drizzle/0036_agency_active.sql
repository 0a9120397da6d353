-- Going live: the platform switches an agency off (its hosts answer 404 AGENCY_NOT_FOUND, its sessions end)
-- and on again.
ALTER TABLE "agencies" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;
