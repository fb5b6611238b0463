import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { setClockOffset } from "~/infra/clock.server";
import { writerForTests } from "~/infra/db.server";
import { runDocumentExpiry } from "~/models/documents.server";
import { getUserRow } from "../factories";
import { sentMails } from "../dashboard-helpers";
import { parseMail } from "../mail-capture";
import { png } from "../media-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/**
 * A residence permit that runs out: reminders and the banner 30 days before, documents_expired on
 * the day (vehicle requests blocked), the courier sends the new document, the admin accepts it. The
 * server clock is moved through DATA_DIR/test-clock.json; the job runs in this process, on the same
 * database and clock.
 */
const DAY = 24 * 60 * 60 * 1000;
const dateInput = (date: Date) => date.toISOString().slice(0, 10);
/** A valid-until date 40 days ahead (the start of that day in UTC, as typed dates are stored). */
const validUntilAhead = (days = 40) => new Date(`${dateInput(new Date(Date.now() + days * DAY))}T00:00:00Z`);
const moveClockTo = (at: Date) => setClockOffset(at.getTime() - Date.now());
const mailsTo = async (email: string) => (await sentMails()).map(parseMail).filter((m) => m.to.includes(email));

async function adminPage(browser: Browser, options: { javaScriptEnabled?: boolean; locale?: string } = {}) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    locale: options.locale ?? "en-US",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  await loginAs(page, { role: "admin", language: options.locale === "sk-SK" ? "sk" : "en" });
  return { page, close: () => context.close() };
}

async function chooseDocument(page: Page, field: string) {
  const card = Buffer.from(await png(400, 260));
  await page
    .locator(`#renew-document input[name="${field}"][type="file"]`)
    .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: card });
}

test.afterEach(() => setClockOffset(0));

test.describe("a residence permit that runs out", () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: "en-US" });

  test("reminder and banner at D−30, documents expired on D, new document sent and accepted", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const courier = await loginAs(page, { status: "working_no_vehicle", language: "en" });
    const validUntil = validUntilAhead();
    writerForTests().update(users).set({ documentValidUntil: validUntil }).where(eq(users.id, courier.id)).run();

    // D−30: the job sends the 30-day reminder (once) and the dashboard shows the banner.
    moveClockTo(new Date(validUntil.getTime() - 30 * DAY + 60 * 60 * 1000));
    // Other couriers share the database (the demo seed's too), so only this courier's mail is counted.
    await runDocumentExpiry();
    await runDocumentExpiry();
    const reminder = await mailsTo(courier.email);
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.subject).toContain("Your residence document ends on");
    expect(reminder[0]!.text).toContain("days left: 30");
    await page.goto("/dashboard");
    await expect(page.getByTestId("document-banner")).toContainText("days left: 30");
    await expect(page.getByTestId("renew-document")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath("documents-banner-360"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: shotPath("documents-banner-1280"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });

    // D: the document has ended; requests are blocked with a translated message.
    moveClockTo(new Date(validUntil.getTime() + 60 * 60 * 1000));
    await runDocumentExpiry();
    expect((await getUserRow(courier.id))?.status).toBe("documents_expired");
    expect((await mailsTo(courier.email)).some((m) => m.subject === "Your residence document has expired")).toBe(true);
    await page.goto("/dashboard");
    await expect(page.getByTestId("status-documents_expired")).toBeVisible();
    await expect(page.getByTestId("document-banner")).toContainText("Your residence document expired on");
    await page.goto("/dashboard?modal=vehicle");
    await expect(page.getByTestId("vehicle-blocked")).toHaveText(
      /Your residence document has expired\. Upload the new one/,
    );
    const refused = await page.request.post("/dashboard/vehicle-request", {
      form: { vehicleId: "1" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);

    // The courier sends the new document (with JS each photo is uploaded as soon as it is chosen, by
    // the script's change handler: choose once the page is hydrated).
    await page.goto("/dashboard");
    await waitForHydration(page);
    await chooseDocument(page, "residence_front");
    await expect(page.getByTestId("doc-residence_front").getByText("uploaded ✓ — replace")).toBeVisible();
    await chooseDocument(page, "residence_back");
    await expect(page.getByTestId("doc-residence_back").getByText("uploaded ✓ — replace")).toBeVisible();
    const newDate = new Date(validUntil.getTime() + 365 * DAY);
    await page.locator('#renew-document input[name="validUntil"]').fill(dateInput(newDate));
    await page.getByRole("button", { name: "Send the new document" }).click();
    await expect(page.getByTestId("document-pending")).toBeVisible();

    // The admin finds the courier on the "expiring soon" list and accepts the new document.
    const admin = await adminPage(browser);
    await admin.page.goto("/admin");
    await admin.page.getByTestId("tile-documents").click();
    await expect(admin.page).toHaveURL(/documents=expiring/);
    await admin.page.getByRole("link", { name: `#${courier.id}`, exact: true }).click();
    const card = admin.page.getByTestId("documents-card");
    await expect(card.getByRole("img")).toHaveCount(2);
    await expect(card.locator('input[name="validUntil"]')).toHaveValue(dateInput(newDate));
    await expectNoHorizontalOverflow(admin.page);
    await admin.page.screenshot({ path: shotPath("documents-admin-360"), fullPage: true });
    await card.getByRole("button", { name: "Accept the new document" }).click();
    await expect(admin.page.getByText("The new document was accepted.").first()).toBeVisible();
    await admin.close();

    const row = (await getUserRow(courier.id))!;
    expect(row.status).toBe("working_no_vehicle");
    expect(row.documentValidUntil?.toISOString()).toBe(newDate.toISOString());
    await page.goto("/dashboard");
    await expect(page.getByTestId("status-working_no_vehicle")).toBeVisible();
    await expect(page.getByTestId("document-banner")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  // The refused post answers 400, which the browser notes in its console.
  test.use({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 780 },
    locale: "sk-SK",
    allowedConsoleErrors: [/status of 400/],
  });

  test("the courier sends the new document with the form; the admin accepts it with the form", async ({
    page,
    browser,
  }) => {
    const courier = await loginAs(page, { status: "working_no_vehicle", language: "sk" });
    writerForTests()
      .update(users)
      .set({ documentValidUntil: validUntilAhead(10) })
      .where(eq(users.id, courier.id))
      .run();
    // Already past its end: the job moves the courier today.
    moveClockTo(new Date(validUntilAhead(10).getTime() + 60 * 60 * 1000));
    await runDocumentExpiry();
    expect((await getUserRow(courier.id))?.status).toBe("documents_expired");

    await page.goto("/dashboard?modal=vehicle");
    await expect(page.getByTestId("vehicle-blocked")).toContainText("Platnosť vášho dokladu o pobyte skončila");
    await page.goto("/dashboard");
    await expect(page.getByTestId("document-banner")).toContainText("Platnosť vášho dokladu o pobyte skončila");
    await chooseDocument(page, "refugee_document");
    const newDate = validUntilAhead(400);
    await page.locator('#renew-document input[name="validUntil"]').fill(dateInput(newDate));
    await page.getByRole("button", { name: "Odoslať nový doklad" }).click();
    await expect(page.getByTestId("document-pending")).toContainText("čaká na kontrolu");
    await expectNoHorizontalOverflow(page);

    const admin = await adminPage(browser, { javaScriptEnabled: false, locale: "sk-SK" });
    await admin.page.goto(`/admin/users/${courier.id}`);
    await admin.page.getByTestId("documents-card").getByRole("button", { name: "Prijať nový doklad" }).click();
    await expect(admin.page.getByTestId("documents-card")).toContainText("Prijatý");
    await admin.close();
    expect((await getUserRow(courier.id))?.status).toBe("working_no_vehicle");
  });

  test("a date in the past is refused and the chosen file is kept", async ({ page }) => {
    const courier = await loginAs(page, { status: "working_no_vehicle", language: "sk" });
    writerForTests()
      .update(users)
      .set({ documentValidUntil: validUntilAhead(5) })
      .where(eq(users.id, courier.id))
      .run();
    await page.goto("/dashboard");
    await chooseDocument(page, "refugee_document");
    await page.locator('#renew-document input[name="validUntil"]').fill(dateInput(new Date(Date.now() - DAY)));
    await page.getByRole("button", { name: "Odoslať nový doklad" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Doklad musí platiť aj po dnešku." })).toBeVisible();
    await expect(page.getByTestId("doc-refugee_document").getByText(/nahrané|✓/)).toBeVisible();
  });
});
