-- Written by hand (drizzle-kit can't express triggers): a session deleted before it expired (a sign-out, sessions
-- revoked, a password changed or reset, an account deleted or suspended) is told on the live channel, in the same
-- transaction, so every app process ends that session's event streams and forgets it at once (decision 078).
-- Expired sessions, which the cleanup job deletes in batches, are left out: their streams end at their next check.
CREATE FUNCTION "session_end_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nestmate_live', json_build_object('t', 's', 's', OLD.id, 'u', OLD.user_id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_end_notify" AFTER DELETE ON "session"
  FOR EACH ROW WHEN (OLD.expires_at > now()) EXECUTE FUNCTION "session_end_notify"();
