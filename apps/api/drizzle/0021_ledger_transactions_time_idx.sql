-- Reconciliation (docs/decisions/0022-reconciliation-runs.md) reads each run's window of ledger postings by
-- time; without this index every run would scan the whole ledger. Kept in its own migration so it does not
-- touch the ledger's schema file; IF NOT EXISTS so a later schema-declared index of the same name is harmless.
CREATE INDEX IF NOT EXISTS "ledger_transactions_agency_time_idx" ON "ledger_transactions" USING btree ("agency_id", "created_at");
