-- The users search reads a stored key instead of folding the e-mail and the name for every candidate row:
-- search_key is users_search_key(email) and users_search_key(full_name), one per line (a term is one line,
-- so a match never spans the two). Written by hand: drizzle does not declare the column, so no row the
-- models select carries it; the index on it is declared in db/schema.pg.ts.
ALTER TABLE "users" ADD COLUMN "search_key" text GENERATED ALWAYS AS (users_search_key("email") || E'\n' || coalesce(users_search_key("full_name"), '')) STORED;--> statement-breakpoint
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (search_key gin_trgm_ops);
