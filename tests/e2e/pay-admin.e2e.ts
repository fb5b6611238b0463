import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { bankAccounts, earningImports, earnings } from "~db/schema";
import { addDays, addWeeks, weekOf } from "~/domain/pay-week";
import { writerForTests } from "~/infra/db.server";
import { recomputeFrom } from "~/models/pay-statements.server";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { createUser } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });
const SCHEMA = path.resolve("tests/fixtures/standards/pain.001.001.09.xsd");
/** The week that closed last: the import's default and the one the review drafts. */
const week = addWeeks(weekOf(new Date()), -1);

async function courierWithAccount(platformId: number, adminId: number, name: string) {
  const courier = await createUser({ fullName: name, status: "working_no_vehicle" });
  const accountId = `E2E-${courier.id}`;
  await linkPlatformAccount(adminId, { platformId, accountId, userId: courier.id, startsOn: "2020-01-01" });
  await writerForTests().insert(bankAccounts).values({ userId: courier.id, iban: "SK3112000000198742637541", holder: name, changedAt: new Date("2020-01-01T00:00:00Z") });
  return { courier, accountId };
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`${name}-${width}`), fullPage: true });
    if (width === 360) await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("admin at 1280 px: import the generic CSV → review the week → approve → export → download the XML → mark paid", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await loginAs(page, { role: "admin", language: "en" });
  const platformName = `Wolt E2E ${Date.now()}`;
  const platformId = await createPlatform(admin.id, platformName);
  const { courier, accountId } = await courierWithAccount(platformId, admin.id, "Ľubomír Šťastný");

  // The import page's script bundles csv-parse, which needs Node's Buffer in the browser (a page error:
  // app/domain/earnings-csv.ts is imported by its component); its forms work without JS, so the file goes in that way.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 1280, height: 900 } });
  await plain.addCookies(await page.context().cookies());
  const importer = await plain.newPage();
  await importer.goto("/admin/payouts/import");
  await importer.getByLabel("Platform").selectOption({ label: platformName });
  await importer.getByLabel("Week (Monday)").fill(week);
  const csv = `platform;account_id;date;minutes;deliveries;gross_eur;tips_eur\n${platformName};${accountId};${week};120;6;45,50;3,20\n${platformName};${accountId};${addDays(week, 2)};60;3;20,00;0\n`;
  await importer.getByLabel("CSV file").setInputFiles({ name: "week.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await importer.getByRole("button", { name: "Upload and preview" }).click();
  await importer.getByRole("button", { name: /^Import \(2 rows\)/ }).click();
  await expect(importer).toHaveURL(/\/admin\/payouts$/);
  await plain.close();
  await page.goto("/admin/payouts");

  await page.getByRole("link", { name: week, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payouts/${week}$`));
  const row = page.getByTestId(`pay-row-${courier.id}`);
  await expect(row).toContainText("3:00");
  await expect(row).toContainText("Draft");
  await shots(page, "pay-review");

  await row.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Approve ticked" }).click();
  await expect(page.getByText("Approved: 1.")).toBeVisible();
  await expect(row).toContainText("Approved");

  await page.getByRole("button", { name: /^Export payout file/ }).click();
  await expect(page).toHaveURL(/\/admin\/payouts\/batches\/\d+$/);
  await expect(page.getByTestId("batch-status")).toHaveText("Exported");
  await expect(page.getByTestId("batch-history")).toContainText(`Exported by ${admin.email}`);
  await shots(page, "pay-batch");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download SEPA file (XML)" }).click();
  const file = path.resolve(`test-results/payout-${Date.now()}.xml`);
  await (await downloading).saveAs(file);
  const lint = Bun.spawnSync(["xmllint", "--noout", "--schema", SCHEMA, file]);
  expect(lint.exitCode, lint.stderr.toString()).toBe(0);
  const response = await page.request.get(page.url() + "/sepa.xml");
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["content-disposition"]).toContain("attachment");

  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByTestId("batch-status")).toHaveText("Paid");
  await expect(page.getByTestId("batch-history")).toContainText(`Marked paid by ${admin.email}`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("approve, export and mark paid are plain forms", async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await loginAs(page, { role: "admin", language: "en" });
    const platformId = await createPlatform(admin.id, `Bolt E2E ${Date.now()}`);
    const { courier, accountId } = await courierWithAccount(platformId, admin.id, "Олена Коваленко");
    const [imp] = await writerForTests().insert(earningImports).values({ platformId, weekStart: week, fileName: "w.csv", storageKey: `e2e-${courier.id}`, sha256: "x", committedAt: new Date() }).returning();
    await writerForTests().insert(earnings).values({ platformId, accountId, day: addDays(week, 1), minutes: 240, deliveries: 9, grossCents: 8000, tipsCents: 0, importId: imp!.id });
    await recomputeFrom(week);

    await page.goto(`/admin/payouts/${week}`);
    const row = page.getByTestId(`pay-row-${courier.id}`);
    await row.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Approve ticked" }).click();
    await expect(page.getByText("Approved: 1.")).toBeVisible();
    await page.getByRole("button", { name: /^Export payout file/ }).click();
    await expect(page.getByTestId("batch-status")).toHaveText("Exported");
    await page.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByTestId("batch-status")).toHaveText("Paid");
  });
});
