import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { bankAccounts } from "~db/schema";
import { addDays, addWeeks, isoWeekLabel, weekOf } from "~/domain/pay-week";
import { writerForTests } from "~/infra/db.server";
import { importDays, insertStatement } from "../pay-fixtures";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { createUser, sessionCookieHeader } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });
const SCHEMA = path.resolve("tests/fixtures/standards/pain.001.001.09.xsd");
/** The week that closed last: the import's default and the one the review drafts. */
const week = addWeeks(weekOf(new Date()), -1);

/** A courier with a platform account and bank details set more than 7 days ago (the bank form has its own journey in pay-courier.e2e.ts). */
async function courierWithAccount(platformId: number, adminId: number, name: string) {
  const courier = await createUser({ fullName: name, status: "working_no_vehicle", language: "en" });
  const accountId = `E2E-${courier.id}`;
  await linkPlatformAccount(adminId, { platformId, accountId, userId: courier.id, startsOn: "2020-01-01" });
  await writerForTests()
    .insert(bankAccounts)
    .values({
      userId: courier.id,
      iban: "SK3112000000198742637541",
      holder: name,
      changedAt: new Date("2020-01-01T00:00:00Z"),
    });
  return { courier, accountId };
}

/** The browser becomes another user: the admin's session goes, the courier's comes (no form round trip). */
async function switchTo(page: Page, userId: number) {
  await page.context().clearCookies();
  const [name, value] = (await sessionCookieHeader(userId)).split(/=(.*)/s) as [string, string];
  await page
    .context()
    .addCookies([
      { name, value, domain: new URL(process.env.APP_URL!).hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`${name}-${width}`), fullPage: true });
    if (width === 360) await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The whole weekly loop (docs/pay.md): the admin at 1280 px imports the generic CSV of the week that closed,
 * reviews, approves, exports and downloads the SEPA file, marks the batch paid; the courier at 360 px
 * then sees the statement as paid with its lines and downloads its PDF. Once with JavaScript, once without.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`weekly pay loop (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 }, locale: "en-GB" });

    test("import → review → approve → export → XML → mark paid → the courier sees it paid and downloads the PDF", async ({
      page,
    }) => {
      test.slow();
      const mode = javaScriptEnabled ? "js" : "nojs";
      const admin = await loginAs(page, { role: "admin", language: "en" });
      const platformName = `Wolt E2E ${mode} ${Date.now()}`;
      const platformId = await createPlatform(admin.id, platformName);
      const name = javaScriptEnabled ? "Ľubomír Šťastný" : "Олена Коваленко";
      const { courier, accountId } = await courierWithAccount(platformId, admin.id, name);

      // Import: 3 h and 3.20 EUR tips → 3 × 7.50 + 3.20 = 25.70 EUR.
      await page.goto("/admin/payouts");
      await page.getByRole("link", { name: "Import earnings" }).click();
      await page.getByLabel("Platform").selectOption({ label: platformName });
      await page.getByLabel("Week (Monday)").fill(week);
      const csv = `platform;account_id;date;minutes;deliveries;gross_eur;tips_eur\n${platformName};${accountId};${week};120;6;45,50;3,20\n${platformName};${accountId};${addDays(week, 2)};60;3;20,00;0\n`;
      await page
        .getByLabel("CSV file")
        .setInputFiles({ name: "week.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Upload and preview" }).click();
      await page.getByRole("button", { name: /^Import \(2 rows\)/ }).click();
      await expect(page).toHaveURL(/\/admin\/payouts$/);

      // The import drafts the statements of its week; the review shows the courier's row.
      await page.getByRole("link", { name: new RegExp(`^${isoWeekLabel(week)} `) }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/payouts/${week}$`));
      const row = page.getByTestId(`pay-row-${courier.id}`);
      await expect(row).toContainText(/\b3\sh\b/);
      // Every column fits 1280 px: the week's table does not scroll sideways.
      const table = page.getByRole("region", { name: "Statements of the week" });
      expect(await table.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBeLessThanOrEqual(0);
      await expect(row).toContainText("Draft");
      if (javaScriptEnabled) await shots(page, "pay-review");

      await row.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Approve ticked" }).click();
      await expect(page.getByText("Approved: 1.")).toBeVisible();
      await expect(row).toContainText("Approved");

      await page.getByRole("button", { name: /^Export payout file/ }).click();
      await expect(page).toHaveURL(/\/admin\/payouts\/batches\/\d+$/);
      await expect(page.getByTestId("batch-status")).toHaveText("Exported");
      await expect(page.getByTestId("batch-history")).toContainText(`Exported by ${admin.email}`);
      if (javaScriptEnabled) await shots(page, "pay-batch");

      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download SEPA file (XML)" }).click();
      const xml = path.resolve(`test-results/payout-${mode}-${Date.now()}.xml`);
      await (await downloading).saveAs(xml);
      const lint = Bun.spawnSync(["xmllint", "--noout", "--schema", SCHEMA, xml]);
      expect(lint.exitCode, lint.stderr.toString()).toBe(0);
      expect(readFileSync(xml, "utf8")).toContain('<InstdAmt Ccy="EUR">25.70</InstdAmt>');
      const sepa = await page.request.get(page.url() + "/sepa.xml");
      expect(sepa.headers()["cache-control"]).toBe("no-store");
      expect(sepa.headers()["content-disposition"]).toContain("attachment");

      // The download is recorded on the batch: from now on the courier reads "sent to the bank".
      await page.reload();
      await expect(page.getByTestId("batch-downloaded")).toContainText(`first downloaded by ${admin.email}`);

      // "Mark paid" e-mails the couriers: a confirmation with the count and sum comes first.
      await page.getByRole("link", { name: "Mark paid" }).click();
      await expect(page).toHaveURL(/\?confirm=pay/);
      await expect(page.getByTestId("confirm-pay")).toContainText("Transfers: 1, in total €25.70");
      await page.getByRole("button", { name: /^Yes, mark paid/ }).click();
      await expect(page.getByTestId("batch-status")).toHaveText("Paid");
      await expect(page.getByTestId("batch-history")).toContainText(`Marked paid by ${admin.email}`);

      // The courier, on a phone.
      await switchTo(page, courier.id);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto("/dashboard?lng=en");
      await page.getByTestId("pay-link").getByRole("link").click();
      await expect(page).toHaveURL(/\/dashboard\/pay$/);
      const card = page.locator("li[data-testid^='statement-']").first();
      await expect(card).toContainText("Paid");
      await expect(card).toContainText(/Work: 3\sh × €7.50\/h/);
      await expect(card).toContainText("Tips (paid in full)");
      await expect(card).toContainText("25.70");
      await expectNoHorizontalOverflow(page);

      const pdfLink = card.getByRole("link", { name: "Download PDF" });
      const download = page.waitForEvent("download");
      await pdfLink.click();
      const pdf = readFileSync((await (await download).path())!);
      expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
      const response = await page.request.get((await pdfLink.getAttribute("href"))!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      const file = path.resolve(`test-results/statement-${mode}-${Date.now()}.pdf`);
      writeFileSync(file, await response.body());
      const text = Bun.spawnSync(["pdftotext", "-enc", "UTF-8", file, "-"]);
      expect(text.exitCode, text.stderr.toString()).toBe(0);
      expect(text.stdout.toString()).toContain(name);
      expect(text.stdout.toString()).toMatch(/25[.,]70/);
    });
  });
}

/**
 * Payday (docs/pay.md, "Payday") at 1280 px, with and without JavaScript: a week whose payday has passed
 * warns; "Approve all" opens its confirmation (a URL) with the count and sum, skipping a payout far above
 * the usual but counting a week with nothing to transfer; the export pays the courier it can and holds
 * back the one whose name the bank cannot take, listed on the batch, and settles the week with nothing to
 * transfer without a transaction; that statement goes back to draft; "Mark paid" is confirmed, and the
 * courier of the negative week reads it settled with 0 € transferred.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`payday decisions (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 }, locale: "en-GB" });

    test("payday passed → confirm approve all → export holds one back → back to draft → confirm mark paid", async ({
      page,
    }) => {
      test.slow();
      const mode = javaScriptEnabled ? "js" : "nojs";
      // A closed week of its own, two weeks back: its payday has passed.
      const old = addWeeks(week, javaScriptEnabled ? -2 : -3);
      const admin = await loginAs(page, { role: "admin", language: "en" });
      const platformId = await createPlatform(admin.id, `Bolt E2E ${mode} ${Date.now()}`);
      const good = await courierWithAccount(platformId, admin.id, "Peter Dobrý");
      const blocked = await courierWithAccount(platformId, admin.id, "ЬЬЬ");
      const large = await courierWithAccount(platformId, admin.id, "Mária Veľká");
      // 2 h 40 min = 20,00 € against 7 days of rent = 35,00 €: −15,00 € carried over, nothing to transfer.
      const owing = await courierWithAccount(platformId, admin.id, "Oleh Nula");
      // Their imported days and the drafts the statements job makes of them (10 h each; one with 2,000 EUR tips).
      const tipsOf = (id: number) => (id === large.courier.id ? 200_000 : 0);
      await importDays(
        platformId,
        old,
        [good, blocked, large].map(({ courier, accountId }) => ({
          accountId,
          day: old,
          minutes: 600,
          deliveries: 20,
          grossCents: 9000,
          tipsCents: tipsOf(courier.id),
        })),
      );
      for (const { courier } of [good, blocked, large])
        await insertStatement(courier.id, old, {
          status: "draft",
          minutes: 600,
          tipsCents: tipsOf(courier.id),
          leaseDays: 0,
        });
      await insertStatement(owing.courier.id, old, { status: "draft", minutes: 160, tipsCents: 0, leaseDays: 7 });

      await page.goto(`/admin/payouts/${old}`);
      await expect(page.getByTestId("payday-passed")).toContainText("has passed");
      await expect(page.getByTestId(`pay-row-${large.courier.id}`)).toContainText("Far above the usual");

      await page.getByRole("link", { name: "Approve all" }).click();
      await expect(page).toHaveURL(/\?confirm=approve-all/);
      const confirm = page.getByTestId("confirm-approve-all");
      await expect(confirm).toContainText("Statements to approve: 3, in total €150.00");
      if (javaScriptEnabled) await shots(page, "payday-confirm");
      else await page.screenshot({ path: shotPath("payday-confirm-nojs-1280"), fullPage: true });
      await confirm.getByRole("button", { name: /^Yes, approve/ }).click();
      await expect(page.getByText("Approved: 3.")).toBeVisible();
      await expect(page.getByText("Mária Veľká: not approved — far above the courier's usual")).toBeVisible();
      await expect(page.getByTestId(`pay-row-${large.courier.id}`)).toContainText("Draft");

      await page.getByRole("button", { name: /^Export payout file/ }).click();
      await expect(page).toHaveURL(/\/admin\/payouts\/batches\/\d+$/);
      const held = page.getByTestId("batch-held-back");
      await expect(held).toContainText("ЬЬЬ: the name cannot be written in a bank transfer");
      await expect(page.getByTestId("batch-nothing-to-transfer")).toContainText("Nothing to transfer: 1");
      await expect(page.getByRole("cell", { name: "nothing to transfer (carried over €15.00)" })).toBeVisible();
      await expect(page.getByTestId("batch-downloaded")).toContainText("not been downloaded yet");
      if (javaScriptEnabled) await shots(page, "payday-held-back");
      else await page.screenshot({ path: shotPath("payday-held-back-nojs-1280"), fullPage: true });
      const batchUrl = page.url();

      // Nobody has downloaded the file yet: the courier reads "being prepared for payment" and the
      // batch's execution date — never the passed payday.
      await switchTo(page, good.courier.id);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto("/dashboard/pay?lng=en");
      const card = page.locator("li[data-testid^='statement-']").first();
      await expect(card).toContainText("Being prepared for payment");
      await expect(card).not.toContainText("Sent to the bank");
      if (javaScriptEnabled) await page.screenshot({ path: shotPath("payday-courier-preparing-360"), fullPage: true });
      await switchTo(page, admin.id);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(batchUrl);

      await held.getByRole("link", { name: "Open the statement" }).click();
      await page.getByRole("button", { name: "Send back to draft" }).click();
      await expect(page.getByText("The statement is a draft again.")).toBeVisible();
      await expect(page.getByTestId(`pay-row-${blocked.courier.id}`)).toContainText("Draft");

      await page.goto(batchUrl);
      await page.getByRole("link", { name: "Mark paid" }).click();
      await expect(page.getByTestId("confirm-pay")).toContainText("Transfers: 1, in total €75.00");
      await expect(page.getByTestId("confirm-pay")).toContainText("With nothing to transfer: 1");
      await page.getByRole("button", { name: /^Yes, mark paid/ }).click();
      await expect(page.getByTestId("batch-status")).toHaveText("Paid");

      // The week with nothing to transfer is settled: 0 € transferred, 15 € carried over.
      await switchTo(page, owing.courier.id);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto("/dashboard/pay?lng=en");
      // Its newer week's draft carries the −15,00 € in.
      const settled = page.locator("li[data-testid^='statement-']").filter({ hasText: isoWeekLabel(old) });
      await expect(settled).toContainText("Settled");
      await expect(settled).toContainText(/€0\.00 transferred, €15\.00 carried over/);
      await expectNoHorizontalOverflow(page);
      if (javaScriptEnabled) await shots(page, "payday-courier-settled");
    });
  });
}
