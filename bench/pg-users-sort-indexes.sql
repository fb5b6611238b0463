-- A proposed PostgreSQL migration, tried by `bun run bench scale-out --try-sql bench/pg-users-sort-indexes.sql`.
-- The admin users table orders ascending with NULLs first and descending with NULLs last, as SQLite does
-- (ascNullsFirst / descNullsLast in app/infra/sql-dialect.server.ts). PostgreSQL's B-tree indexes default to
-- NULLs last ascending, so no sort index matches and every page sorts all users. Built in that order, the
-- indexes give the page from the index (backwards when descending). In db/schema.tables.ts:
-- `.on(d.sorted(t.createdAt))` and so on (PostgreSQL's word: `.asc().nullsFirst()`; SQLite's: the column).
DROP INDEX "users_email_unique";
DROP INDEX "users_status_created_idx";
DROP INDEX "users_created_idx";
DROP INDEX "users_full_name_idx";
DROP INDEX "users_status_email_idx";
DROP INDEX "users_status_name_idx";
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email" NULLS FIRST);
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status" NULLS FIRST, "created_at" NULLS FIRST);
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" NULLS FIRST);
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name" NULLS FIRST);
CREATE INDEX "users_status_email_idx" ON "users" USING btree ("status" NULLS FIRST, "email" NULLS FIRST);
CREATE INDEX "users_status_name_idx" ON "users" USING btree ("status" NULLS FIRST, "full_name" NULLS FIRST);
