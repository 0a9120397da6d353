-- A bank payment stored MATCHED settled its order by itself: no stream shows it (to-ops-queue-event.ts drops
-- it; the order's own PAID event tells the player and the queues), so its trigger no longer writes an outbox
-- event that every process would relay, receive and drop. One of the four events of every deposit
-- (decision 0048's outbox; measured for issue #12's bench budget). Later status changes still notify.
DROP TRIGGER bank_payments_queue_event_insert ON bank_payments;--> statement-breakpoint
CREATE TRIGGER bank_payments_queue_event_insert AFTER INSERT ON bank_payments
  FOR EACH ROW WHEN (NEW.status <> 'MATCHED')
  EXECUTE FUNCTION notify_queue_event('bank_payment');
