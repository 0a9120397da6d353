-- The agency-wide accounts (house, bonus, bank, FX) are each spread over several rows, told apart by `shard`
-- (0 for every per-player account and for rows made before this migration): every deposit's posting locked and
-- updated the same three rows, so postings queued on their row locks (and on transactions holding them). A
-- posting now takes the row its reference hashes to; the account's balance is the sum of its rows
-- (docs/decisions/0052-agency-accounts-spread-over-rows.md).
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_key_uq";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_key_uq" UNIQUE NULLS NOT DISTINCT("agency_id","kind","player_id","provider","currency","shard");