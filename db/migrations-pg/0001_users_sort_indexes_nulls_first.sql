-- The admin users table sorts ascending with NULLs first and descending with NULLs last (as SQLite does):
-- its sort indexes in that order let PostgreSQL read a page from the index instead of sorting every user.
DROP INDEX "users_email_unique";--> statement-breakpoint
DROP INDEX "users_status_created_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "users_full_name_idx";--> statement-breakpoint
DROP INDEX "users_status_email_idx";--> statement-breakpoint
DROP INDEX "users_status_name_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status" NULLS FIRST,"created_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_status_email_idx" ON "users" USING btree ("status" NULLS FIRST,"email" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_status_name_idx" ON "users" USING btree ("status" NULLS FIRST,"full_name" NULLS FIRST);