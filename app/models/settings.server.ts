import { settings } from "~db/schema";
import { DEFAULT_SETTINGS, type Settings } from "~/domain/rules";
import { preparedQuery } from "~/infra/db.server";

const allSettings = preparedQuery((connection) => connection.select().from(settings).prepare());

/**
 * The operator-editable constants (CONTRACT §6): rows of the `settings` table override the defaults
 * of app/domain/rules.ts; a missing or malformed row keeps the default.
 */
export async function getSettings(): Promise<Settings> {
  const result: Settings = { ...DEFAULT_SETTINGS };
  for (const row of await allSettings().execute()) {
    if (!(row.key in DEFAULT_SETTINGS)) continue;
    const value = typeof row.value === "string" ? Number(row.value) : row.value;
    if (typeof value === "number" && Number.isFinite(value) && value > 0) result[row.key as keyof Settings] = value;
  }
  return result;
}
