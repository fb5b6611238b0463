import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { applications } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { rejectApplication } from "~/models/applications.server";
import { createUser } from "../factories";
import { png } from "../media-fixtures";
import { expect, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/** A link to a part of a page lands with that part below the sticky header, not under it. */
async function expectBelowHeader(page: Page, target: Locator) {
  await expect
    .poll(async () => {
      const header = await page.getByRole("banner").boundingBox();
      const box = await target.boundingBox();
      // Below the header's bottom edge and starting inside the viewport.
      if (!header || !box) return -999;
      return box.y < page.viewportSize()!.height ? Math.round(box.y - (header.y + header.height)) : -998;
    })
    .toBeGreaterThanOrEqual(0);
  await expect(target).toBeInViewport();
}

async function applyFully(page: Page) {
  await page.locator('input[name="citizenship"][value="sk"]').check();
  await page.locator('input[name="fullName"]').fill("Olena Kovalenko");
  await page.locator('input[name="age"]').fill("24");
  await page.locator('input[name="phone"]').fill("0903 123 456");
  await page.locator('select[name="contactMethod"]').selectOption("phone");
  const card = Buffer.from(await png(400, 260));
  for (const field of ["face_photo", "id_front", "id_back"])
    await page
      .locator(`input[name="${field}"][type="file"]`)
      .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: card });
  await page.locator('form#application button[type="submit"]').click();
  await expect(page.getByTestId("status-applied_for_job")).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`links to a part of a page at 360 px (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 780 }, locale: "en-US" });

    test("/#income shows the calculator's heading below the header", async ({ page }) => {
      await page.goto("/?lng=en");
      await page.goto("/?lng=en#income");
      await expectBelowHeader(page, page.locator("#income h2").first());
      await page.screenshot({ path: shotPath(`scroll-income-360-${mode}`) });
    });

    test("'replace ID front' on the rejection card shows that field below the header", async ({ page }) => {
      test.slow();
      const user = await loginAs(page, { status: "confirmed_account", language: "en" });
      await page.goto("/dashboard");
      await applyFully(page);
      const [app] = await writerForTests().select().from(applications).where(eq(applications.userId, user.id));
      const admin = await createUser({ role: "admin" });
      await rejectApplication(admin.id, app!.id, { reasonCode: "blurryPhoto", replace: ["id_front"] });
      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByTestId("replace-documents").getByRole("link").click();
      await expect(page).toHaveURL(/#document-id_front$/);
      await expectBelowHeader(page, page.getByTestId("doc-id_front"));
      await page.screenshot({ path: shotPath(`scroll-replace-360-${mode}`) });
    });
  });
}
