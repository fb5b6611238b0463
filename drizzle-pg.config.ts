import { defineConfig } from "drizzle-kit";

/** The PostgreSQL twin of drizzle.config.ts: `bun run db:generate` writes both. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./db/migrations-pg",
});
