-- Written by hand: the mailbox an address reaches, so that one person's aliases count as one reporter
-- (docs/decisions/071): lower case, no +tag, and Gmail's dots (which Gmail ignores) dropped.
CREATE FUNCTION mailbox(email text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
    ELSE local || '@' || domain END
  FROM (SELECT split_part(substring(e FROM '^(.*)@[^@]*$'), '+', 1) AS local, substring(e FROM '@([^@]*)$') AS domain
    FROM (SELECT lower(email) AS e) lowered) parts
$$;--> statement-breakpoint
CREATE INDEX "user_mailbox_idx" ON "user" USING btree (mailbox("email"));