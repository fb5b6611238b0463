-- One platform account belongs to one courier at any moment: no two rows of the same (platform_id, account_id)
-- whose inclusive day ranges [starts_on, ends_on] overlap (ends_on null = open). btree_gist ships in PostgreSQL's
-- contrib (Debian's postgresql-15 includes it) and lets the = parts sit in the same GiST index as the range.
-- Days are 'YYYY-MM-DD' text (the twin of SQLite's); pay_day() reads one as a date and is IMMUTABLE because the
-- format is fixed (a plain ::date cast depends on DateStyle and may not be indexed).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE FUNCTION pay_day(value text) RETURNS date
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT make_date(substr(value, 1, 4)::int, substr(value, 6, 2)::int, substr(value, 9, 2)::int) $$;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_no_overlap"
  EXCLUDE USING gist ("platform_id" WITH =, "account_id" WITH =, daterange(pay_day("starts_on"), pay_day("ends_on"), '[]') WITH &&);
