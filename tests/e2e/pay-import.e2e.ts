import { and, eq } from "drizzle-orm";
import { earnings, payAdjustments } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { createUser } from "../factories";
import { importDays, insertStatement } from "../pay-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

/** The admin imports a week's earnings: upload → preview with a problem → link the unknown account → import → done. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`earnings import (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ viewport: { width: 1280, height: 900 }, locale: "en-US", javaScriptEnabled });

    test("upload, link the unknown account on the spot, import", async ({ page }) => {
      test.setTimeout(60_000);
      const stamp = `${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
      const admin = await loginAs(page, { role: "admin", language: "en" });
      const platformName = `Wolt ${stamp}`;
      const platformId = await createPlatform(admin.id, platformName);
      const known = await createUser({ fullName: `Known Courier ${stamp}` });
      const newcomer = await createUser({ fullName: `New Courier ${stamp}` });
      await linkPlatformAccount(admin.id, {
        platformId,
        accountId: `K-${stamp}`,
        userId: known.id,
        startsOn: "2026-10-01",
      });
      const csv = [
        "platform;account_id;date;minutes;deliveries;gross_eur;tips_eur",
        `${platformName};K-${stamp};2.11.2026;300;14;62,40;5,00`,
        `${platformName};K-${stamp};3.11.2026;240;11;48,10;0`,
        `${platformName};N-${stamp};4.11.2026;120;5;25,00;1,50`,
      ].join("\n");

      await page.goto("/admin/payouts");
      await page.getByRole("link", { name: "Import earnings" }).click();
      await page.getByLabel("Platform").selectOption({ label: platformName });
      await page.getByLabel("Week (Monday)").fill("2026-11-02");
      await page
        .getByLabel("CSV file")
        .setInputFiles({ name: `week-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Upload and preview" }).click();

      await expect(page.getByRole("heading", { name: "Unknown accounts" })).toBeVisible();
      await expect(page.getByText("Account linked to no courier on this day")).toBeVisible();
      await expect(page.getByTestId("import-summary")).toContainText("Rows read: 3. Ready to import: 2");
      if (javaScriptEnabled) await page.screenshot({ path: shotPath("pay-import-preview-1280"), fullPage: true });

      await page.locator("#unknown-accounts").getByLabel("Courier").fill(newcomer.email);
      await page.locator("#unknown-accounts").getByRole("button", { name: "Link account" }).click();
      await expect(page.getByRole("heading", { name: "Unknown accounts" })).toHaveCount(0);
      await expect(page.getByRole("cell", { name: `New Courier ${stamp}` })).toBeVisible();

      if (javaScriptEnabled) {
        await page.setViewportSize({ width: 360, height: 780 });
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: shotPath("pay-import-preview-360"), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await page.getByRole("button", { name: "Import (3 rows)" }).click();
      await expect(page).toHaveURL(/\/admin\/payouts$/);
      await expect(
        page.getByText("Imported: 3 new, 0 changed, 0 unchanged; 0 rows with problems skipped."),
      ).toBeVisible();
      await expect(page.getByText(`week-${stamp}.csv`)).toBeVisible();
      const rows = await writerForTests()
        .select()
        .from(earnings)
        .where(and(eq(earnings.platformId, platformId)));
      expect(rows.map((r) => r.accountId).sort()).toEqual([`K-${stamp}`, `K-${stamp}`, `N-${stamp}`]);
    });

    test("impossible rows are refused with their values; a correction of an approved week is warned and paid on the next week", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const stamp = `${Date.now().toString(36)}${javaScriptEnabled ? "j" : "n"}`;
      const admin = await loginAs(page, { role: "admin", language: "en" });
      const platformName = `Wolt ${stamp}`;
      const platformId = await createPlatform(admin.id, platformName);
      const courier = await createUser({ fullName: `Approved Courier ${stamp}` });
      const account = `A-${stamp}`;
      await linkPlatformAccount(admin.id, {
        platformId,
        accountId: account,
        userId: courier.id,
        startsOn: "2026-10-01",
      });
      // Week 2026-W45 was imported and approved: 240 minutes on Tuesday, no tips.
      await importDays(platformId, "2026-11-02", [
        { accountId: account, day: "2026-11-03", minutes: 240, deliveries: 11, grossCents: 4810, tipsCents: 0 },
      ]);
      await insertStatement(courier.id, "2026-11-02", { minutes: 240, grossCents: 4810, tipsCents: 0, leaseDays: 0 });
      const csv = [
        "platform;account_id;date;minutes;deliveries;gross_eur;tips_eur",
        `${platformName};${account};3.11.2026;270;12;48,10;1,20`,
        `${platformName};${account};4.11.2026;999999999;1;10,00;0`,
        `${platformName};${account};5.11.2026;60;1;999999999,99;0`,
        `Glovo;${account};6.11.2026;60;1;10,00;0`,
      ].join("\n");

      await page.goto("/admin/payouts/import");
      if (!javaScriptEnabled) {
        // Over 10 MB without JS: the import page again, with its own message (not the server's JSON).
        await page.getByLabel("Platform").selectOption({ label: platformName });
        await page
          .getByLabel("CSV file")
          .setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(12 * 1024 * 1024, 0x41) });
        await page.getByRole("button", { name: "Upload and preview" }).click();
        await expect(page.getByText("The file is too large (at most 10 MB).")).toBeVisible();
        await expect(page.getByRole("heading", { name: "Import earnings" })).toBeVisible();
        await page.screenshot({ path: shotPath("pay-import-too-large-nojs-1280"), fullPage: true });
      }
      await page.getByLabel("Platform").selectOption({ label: platformName });
      await page.getByLabel("Week (Monday)").fill("2026-11-02");
      await page
        .getByLabel("CSV file")
        .setInputFiles({ name: `corrected-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Upload and preview" }).click();

      await expect(page.getByTestId("import-summary")).toContainText("Rows read: 4. Ready to import: 1");
      await expect(page.getByText("999999999 minutes in one day: a day has at most 1,440")).toBeVisible();
      await expect(page.getByText("Gross of 999999999,99 in one day is over the cap of €500.00")).toBeVisible();
      await expect(page.getByText("The row names a platform we do not know: “Glovo”")).toBeVisible();
      const warning = page.getByTestId("import-corrections");
      await expect(warning.getByRole("heading", { name: "Closed weeks: the difference is paid later" })).toBeVisible();
      await expect(warning).toContainText(
        `Approved Courier ${stamp}: week 2026-W45 is approved. Difference +30 min, gross €0.00, tips +€1.20 = +€4.95, added to week 2026-W46.`,
      );
      if (javaScriptEnabled) {
        await page.screenshot({ path: shotPath("pay-import-refused-correction-1280"), fullPage: true });
        await page.setViewportSize({ width: 360, height: 780 });
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: shotPath("pay-import-refused-correction-360"), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await page.getByRole("button", { name: /^Import \(1 / }).click();
      await expect(page).toHaveURL(/\/admin\/payouts$/);
      await expect(
        page.getByText("Imported: 0 new, 1 changed, 0 unchanged; 3 rows with problems skipped."),
      ).toBeVisible();
      const adjustments = await writerForTests()
        .select()
        .from(payAdjustments)
        .where(eq(payAdjustments.userId, courier.id));
      expect(adjustments.map((a) => [a.weekStart, a.kind, a.amountCents])).toEqual([["2026-11-09", "correction", 495]]);
    });
  });
}
