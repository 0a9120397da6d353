-- Domain rule 7: the database keeps the ledger honest. postTransaction already refuses unbalanced entries,
-- but a raw insert (a script, a data fix, a bug in another path) must not be able to create or destroy
-- money either. At commit, every ledger transaction that gained entries must sum to zero per currency.
-- Deferred, so the entries of one posting may be inserted one by one; the check is one aggregate over the
-- transaction's own entries (ledger_entries_transaction_idx), run once per inserted entry
-- (docs/decisions/0021-ledger-guards.md).
CREATE FUNCTION refuse_unbalanced_ledger_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT currency, SUM(amount) AS total INTO unbalanced
    FROM ledger_entries
    WHERE transaction_id = NEW.transaction_id
    GROUP BY currency
    HAVING SUM(amount) <> 0
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced: its % entries sum to %',
      NEW.transaction_id, unbalanced.currency, unbalanced.total
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION refuse_unbalanced_ledger_transaction();
