/** Migrates, seeds demo data and ensures the configured admin — what the server does at start-up. */
import { ConfigError } from "../app/infra/config.server";
import { closeDatabase } from "../app/infra/db.server";
import { prepare } from "../app/services/startup.server";

try {
  await prepare();
  await closeDatabase();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
