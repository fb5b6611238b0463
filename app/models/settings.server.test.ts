import { afterEach, describe, expect, test } from "bun:test";
import { settings } from "~db/schema";
import { DEFAULT_PAY_SETTINGS, DEFAULT_SETTINGS } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { getPaySettings, getSettings } from "./settings.server";

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

describe("getPaySettings", () => {
  test("defaults: hourly at the calculator's rate, Friday payday", async () => {
    expect(await getPaySettings()).toEqual({ ...DEFAULT_PAY_SETTINGS, hourlyRateCents: 750 });
  });

  test("rows override the defaults; the hourly rate follows hourlyRateEur; malformed rows are ignored", async () => {
    await writerForTests()
      .insert(settings)
      .values([
        { key: "hourlyRateEur", value: 8.25 },
        { key: "payModel", value: "share" },
        { key: "sharePercent", value: 82.5 },
        { key: "rentPerDayCents", value: 0 },
        { key: "paydayWeekday", value: 9 },
        { key: "largePayoutCents", value: 200_000 },
        { key: "largePayoutFactor", value: 0.5 },
        { key: "maxDailyGrossCents", value: 80_000 },
        { key: "maxDailyTipsCents", value: 3_000_000_000 },
      ]);
    expect(await getPaySettings()).toEqual({
      payModel: "share",
      hourlyRateCents: 825,
      sharePercent: 82.5,
      rentPerDayCents: 0,
      paydayWeekday: 5,
      largePayoutCents: 200_000,
      largePayoutFactor: 3,
      maxDailyGrossCents: 80_000,
      maxDailyTipsCents: DEFAULT_PAY_SETTINGS.maxDailyTipsCents,
    });
  });

  test("an unknown model, a share over 100 % and fractional cents keep the defaults", async () => {
    await writerForTests()
      .insert(settings)
      .values([
        { key: "payModel", value: "piecework" },
        { key: "sharePercent", value: 120 },
        { key: "rentPerDayCents", value: 4.5 },
        { key: "paydayWeekday", value: 2 },
      ]);
    const pay = await getPaySettings();
    expect(pay).toMatchObject({
      payModel: "hourly",
      sharePercent: DEFAULT_PAY_SETTINGS.sharePercent,
      rentPerDayCents: DEFAULT_PAY_SETTINGS.rentPerDayCents,
      paydayWeekday: 2,
    });
  });
});
