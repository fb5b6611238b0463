import { afterEach, describe, expect, test } from "bun:test";
import { settings } from "~db/schema";
import { DEFAULT_SETTINGS } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { getSettings } from "./settings.server";

afterEach(async () => {
  await writerForTests().delete(settings);
});

describe("getSettings", () => {
  test("defaults when the table is empty", async () => {
    expect(await getSettings()).toEqual({ ...DEFAULT_SETTINGS });
  });

  test("rows override defaults; malformed and unknown rows are ignored", async () => {
    await writerForTests()
      .insert(settings)
      .values([
        { key: "hourlyRateEur", value: 8.25 },
        { key: "leaseDays", value: "not a number" },
        { key: "somethingElse", value: 3 },
      ]);
    const result = await getSettings();
    expect(result.hourlyRateEur).toBe(8.25);
    expect(result.leaseDays).toBe(DEFAULT_SETTINGS.leaseDays);
    expect("somethingElse" in result).toBe(false);
  });
});
