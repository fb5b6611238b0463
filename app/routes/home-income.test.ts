/** The home page's income promise: the pay rule with the rate and the scooter's rent in force. */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { settings } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { call, readJson } from "../../tests/route-harness";
import * as home from "./home";

type Income = { week: string; month: string; withScooterWeek: string; withScooterMonth: string; rent: string };
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

async function income(path: string) {
  const data = await readJson<{ income: Income }>(await call(home.loader, path));
  return Object.fromEntries(Object.entries(data.income).map(([k, v]) => [k, typeof v === "string" ? plain(v) : v]));
}

afterEach(async () => {
  await writerForTests().delete(settings).where(eq(settings.key, "rentPerDayCents"));
});

describe("the income calculator on the home page", () => {
  test("both figures, to the cent: 5 days × 5 hours is 187,50 € without a scooter, 152,50 € with one", async () => {
    expect(await income("/?lng=sk&days=5&hours=5")).toMatchObject({
      week: "187,50 €",
      withScooterWeek: "152,50 €",
      rent: "5,00 €",
    });
  });

  test("the rent comes from the settings in force", async () => {
    await writerForTests().insert(settings).values({ key: "rentPerDayCents", value: 600 });
    expect(await income("/?lng=en&days=5&hours=4")).toMatchObject({
      week: "€150.00",
      withScooterWeek: "€108.00",
      rent: "€6.00",
    });
  });
});
