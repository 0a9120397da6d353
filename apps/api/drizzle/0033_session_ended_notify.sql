-- A player's session ends (logout, ended from another device, replaced by a password change, the account
-- blocked): every process is told at once, so the live event streams of that session end at once instead of
-- at their next heartbeat's session check (player-event-streams.ts). The NOTIFY is sent when the deleting
-- transaction commits, and only then.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD.id::text);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
