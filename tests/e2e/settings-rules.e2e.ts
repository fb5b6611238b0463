import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { and, eq, inArray, max, ne } from "drizzle-orm";
import { handovers, payStatements, settings } from "~db/schema";
import { addWeeks, isoWeekLabel, startOfLocalDate, weekOf } from "~/domain/pay-week";
import { setClockOffset } from "~/infra/clock.server";
import { writerForTests } from "~/infra/db.server";
import { recomputeFrom } from "~/models/pay-statements.server";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { vehicle } from "../admin-fixtures";
import { createUser } from "../factories";
import { importDays } from "../pay-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });
/**
 * The journey runs ahead by the test clock, past every week another journey of this worker approved
 * (the accountant's month journey pays weeks of 2043): a money rule never applies to a week with an
 * approved statement, nor before one, so there the week that closed last has open drafts and a change
 * from it shows what it does to them.
 */
let week = addWeeks(weekOf(new Date()), -1);
test.beforeEach(async () => {
  const [frozen] = await writerForTests()
    .select({ last: max(payStatements.weekStart) })
    .from(payStatements)
    .where(ne(payStatements.status, "draft"));
  const ahead = Math.max(
    3 * 365 * 24 * 60 * 60 * 1000,
    frozen?.last ? startOfLocalDate(addWeeks(frozen.last, 4)).getTime() - Date.now() : 0,
  );
  setClockOffset(ahead);
  week = addWeeks(weekOf(new Date(Date.now() + ahead)), -1);
});
test.afterEach(async () => {
  setClockOffset(0);
  await writerForTests()
    .delete(settings)
    .where(inArray(settings.key, ["leaseDays", "problemReportCooldownHours"]));
});

async function shot(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`${name}-${width}`), fullPage: true });
    if (width === 360) await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A courier on a lease the whole week, with a day of work imported and the week's draft computed. */
async function courierWithDraft(adminId: number, mode: string) {
  const courier = await createUser({ fullName: `Rules ${mode}`, status: "working_with_vehicle", language: "en" });
  const platformId = await createPlatform(adminId, `Rules platform ${mode} ${Date.now()}`);
  await linkPlatformAccount(adminId, {
    platformId,
    accountId: `R-${courier.id}`,
    userId: courier.id,
    startsOn: "2020-01-01",
  });
  await importDays(platformId, week, [
    { accountId: `R-${courier.id}`, day: week, minutes: 240, deliveries: 8, grossCents: 5000, tipsCents: 0 },
  ]);
  const v = await vehicle();
  await writerForTests()
    .insert(handovers)
    .values({
      kind: "check_out",
      vehicleId: v.id,
      userId: courier.id,
      createdAt: startOfLocalDate(addWeeks(week, -1)),
    });
  await recomputeFrom(week);
  return courier;
}

async function rentOfDraft(userId: number) {
  const [row] = await writerForTests()
    .select({ rentCents: payStatements.rentCents })
    .from(payStatements)
    .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, week)));
  return row?.rentCents;
}

/**
 * The admin changes the scooter rent from the week whose drafts are open (docs/fleet-rules.md, "Rules"):
 * the confirmation says what it does to the drafts, the save changes them and the history shows it; a
 * rule out of range is refused with its message; a second admin's save in between is told and keeps
 * what was typed. At 1280 px, once with JavaScript and once without.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`the rules page (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({
      javaScriptEnabled,
      viewport: { width: 1280, height: 900 },
      locale: "en-GB",
      // The refused value (400) and the conflict (409) are answers the page shows.
      allowedConsoleErrors: [/status of 40[09]/],
    });

    test("rent from a Monday: preview of the drafts → save → history; a bad value; a conflict keeps the typed values", async ({
      page,
      browser,
    }) => {
      test.slow();
      const mode = javaScriptEnabled ? "js" : "nojs";
      const admin = await loginAs(page, { role: "admin", language: "en" });
      const courier = await courierWithDraft(admin.id, mode);
      const rentBefore = (await rentOfDraft(courier.id))!;

      await page.goto("/admin/dashboard");
      await page.getByRole("link", { name: "Settings – rules" }).first().click();
      await expect(page.getByRole("heading", { name: "Rules", level: 1 })).toBeVisible();
      await expect(page.getByTestId("rules-pay-records")).toHaveText("10 years after the year they concern");
      await shot(page, `rules-${mode}`);

      // Out of range: refused with the rule's message, nothing saved, the typed value kept.
      const rent = page.getByLabel("Scooter rent per day (€/day)");
      const current = Number((await rent.inputValue()).replace(",", "."));
      await rent.fill("250");
      await page.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByText("Enter the rent per day in euros, from 0.00 to 100.00 €").first()).toBeVisible();
      await expect(page.getByLabel("Scooter rent per day (€/day)")).toHaveValue("250");
      await shot(page, `rules-refused-${mode}`);

      // One euro more a day, from the week that closed last: 7 days × 1,00 € less for a courier on a lease.
      const next = (current + 1).toFixed(2);
      await page.getByLabel("Scooter rent per day (€/day)").fill(next);
      await page.getByLabel("Applies from the week").selectOption(week);
      await page.getByRole("button", { name: "Review the change" }).click();
      const confirm = page.getByTestId("rules-confirm");
      await expect(confirm).toContainText(
        `Scooter rent per day: ${current.toFixed(2)} €/day → ${next} €/day from ${isoWeekLabel(week)}`,
      );
      await expect(page.getByTestId("rules-confirm-drafts")).toContainText(isoWeekLabel(week));
      await expect(page.getByTestId("rules-confirm-drafts")).toContainText("−€7.00");
      expect(page.url()).toContain("confirm=pay");
      await shot(page, `rules-confirm-${mode}`);
      // Nothing changes before the save.
      expect(await rentOfDraft(courier.id)).toBe(rentBefore);
      await confirm.getByRole("button", { name: "Save the change" }).click();
      await expect(page.getByText("The rules are saved.").first()).toBeVisible();
      await expect(page.getByTestId("rules-history")).toContainText(
        `Scooter rent per day: ${current.toFixed(2)} €/day → ${next} €/day`,
      );
      expect(await rentOfDraft(courier.id)).toBe(rentBefore + 700);

      // Another admin saves the other rules while this page is open: this save is told, its values stay.
      const other = await browser.newContext({ javaScriptEnabled, locale: "en-GB" });
      const otherPage = await other.newPage();
      await loginAs(otherPage, { role: "admin", language: "en" });
      await otherPage.goto("/admin/settings/rules");
      await page.getByLabel("Lease length (days)").fill(String(javaScriptEnabled ? 29 : 28));
      await otherPage.getByLabel("Problem report cooldown (hours)").fill(String(javaScriptEnabled ? 23 : 22));
      await otherPage.getByRole("button", { name: "Save the rules" }).click();
      await expect(otherPage.getByText("The rules are saved.").first()).toBeVisible();
      await other.close();
      await page.getByRole("button", { name: "Save the rules" }).click();
      await expect(page.getByTestId("rules-conflict")).toContainText("Another admin saved the rules a moment ago");
      await expect(page.getByLabel("Lease length (days)")).toHaveValue(String(javaScriptEnabled ? 29 : 28));
      // The field this admin left alone shows the other admin's value, so saving again keeps both changes.
      await expect(page.getByLabel("Problem report cooldown (hours)")).toHaveValue(String(javaScriptEnabled ? 23 : 22));
      await shot(page, `rules-conflict-${mode}`);
      // Saved again, it goes through.
      await page.getByRole("button", { name: "Save the rules" }).click();
      await expect(page.getByText("The rules are saved.").first()).toBeVisible();
      await expect(page.getByLabel("Lease length (days)")).toHaveValue(String(javaScriptEnabled ? 29 : 28));
      await expect(page.getByLabel("Problem report cooldown (hours)")).toHaveValue(String(javaScriptEnabled ? 23 : 22));
    });
  });
}
