import { mkdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { payStatements } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { addDays } from "~/domain/pay-week";
import { createUser } from "../factories";
import { insertStatement } from "../pay-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });

/**
 * The accountant's month (docs/pay.md): a Slovak admin at 1280 px opens the month from the Pay page's
 * neighbours, reads each courier's sums and the total, and downloads the same figures as CSV. Once with
 * JavaScript, once without; each mode has a month of its own, far from the other journeys' statements.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`payroll month (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 }, locale: "sk-SK" });

    test("the month's paid statements per courier, the total, the CSV in Slovak", async ({ page }) => {
      const [month, week, previous] = javaScriptEnabled
        ? ["2043-06", "2043-06-01", "2043-05"]
        : ["2043-09", "2043-08-31", "2043-08"];
      await loginAs(page, { role: "admin", language: "sk" });
      const anna = await createUser({ fullName: "Anna Nováková", status: "working_with_vehicle" });
      const olena = await createUser({ fullName: "Олена Коваленко", status: "working_no_vehicle" });
      // 42 h 35 min and 7 days of rent; 10 h without a scooter. Paid on Fridays inside the month.
      const first = await insertStatement(anna.id, week, { status: "paid", payday: addDays(week, 11), minutes: 2555 });
      // Damage 12,50, a bonus of 3,00 and 5,00 carried in: every column of the table is shown.
      await writerForTests()
        .update(payStatements)
        .set({
          damageCents: 1250,
          adjustmentsCents: 300,
          carriedInCents: -500,
          netCents: first.computed.netCents - 1450,
        })
        .where(eq(payStatements.id, first.statement.id));
      await insertStatement(olena.id, week, { status: "paid", payday: addDays(week, 11), minutes: 600, leaseDays: 0 });
      await insertStatement(olena.id, addDays(week, 7), { status: "exported", payday: addDays(week, 18) });

      // From the previous month, its "next month" link.
      await page.goto(`/admin/payouts/months/${previous}`);
      await expect(page.getByText("V tomto mesiaci sa nič nevyplatilo.", { exact: false })).toBeVisible();
      await page.getByRole("link", { name: /^Nasledujúci mesiac/ }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/payouts/months/${month}$`));
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Mzdy za mesiac");
      await expect(page.getByTestId("month-rule")).toContainText("dátum splatnosti");
      await expect(page.getByTestId("month-awaiting")).toContainText("1");

      const rows = page.getByTestId("month-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText("Anna Nováková");
      await expect(rows.nth(0)).toContainText("42 h 35 min");
      await expect(rows.nth(0)).toContainText("319,38");
      await expect(rows.nth(1)).toContainText("Олена Коваленко");
      const total = page.getByTestId("month-total");
      await expect(total).toContainText("Spolu");
      await expect(total).toContainText("52 h 35 min");
      // 319,38 + 4,50 − 35,00 − 12,50 + 3,00 − 5,00 and 75,00 + 4,50: 274,38 + 79,50.
      await expect(total).toContainText("353,88");
      // All ten columns fit at 1280 px: the table's region does not scroll sideways.
      const region = page.getByRole("region", { name: /Mzdy za mesiac/ });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

      if (javaScriptEnabled) {
        await page.screenshot({ path: shotPath("pay-month-1280"), fullPage: true });
        await page.setViewportSize({ width: 360, height: 800 });
        await page.screenshot({ path: shotPath("pay-month-360"), fullPage: true });
        await expectNoHorizontalOverflow(page);
        await page.setViewportSize({ width: 1280, height: 900 });
        // Ukrainian headers are longer: the ten columns still fit.
        await page.goto(`/admin/payouts/months/${month}?lng=ua`);
        await expect(page.getByTestId("month-total")).toContainText("Разом");
        const uaRegion = page.getByRole("region", { name: /Зарплата за місяць/ });
        await page.screenshot({ path: shotPath("pay-month-ua-1280"), fullPage: true });
        expect(await uaRegion.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        await page.goto(`/admin/payouts/months/${month}?lng=sk`);
      } else {
        await page.screenshot({ path: shotPath("pay-month-nojs-1280"), fullPage: true });
      }

      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Stiahnuť CSV" }).click();
      expect((await downloading).suggestedFilename()).toBe(`payroll-${month}.csv`);
      const csv = await page.request.get(`/admin/payouts/months/${month}/payroll.csv`);
      expect(csv.headers()["cache-control"]).toBe("no-store");
      const text = await csv.text();
      expect(text).toContain("ID;Kuriér;E-mail;Výkazy;Minúty;Hodiny;Mzda");
      expect(text).toContain(";Anna Nováková;");
      expect(text).toContain(";Spolu;;2;3155;52 h 35 min;394,38;9,00;-35,00;-12,50;3,00;-5,00;353,88;\r\n");
    });
  });
}

test.describe("the Pay page links to the current month", () => {
  test.use({ viewport: { width: 1280, height: 900 }, locale: "sk-SK" });
  test("Mzdy po mesiacoch", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "sk" });
    await page.goto("/admin/payouts");
    await page.getByRole("link", { name: "Mzdy po mesiacoch" }).click();
    await expect(page).toHaveURL(/\/admin\/payouts\/months\/\d{4}-\d{2}$/);
    await expect(page.getByTestId("month-rule")).toBeVisible();
  });
});
