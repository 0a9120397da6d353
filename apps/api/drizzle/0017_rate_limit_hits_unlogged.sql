-- Rate-limit counters need no crash safety (losing them only resets the windows), and skipping the WAL
-- keeps the per-request upsert of plugins/rate-limit.ts cheap.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
