import { and, eq } from "drizzle-orm";
import { earnings } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { createUser } from "../factories";
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
  });
}
