import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { applications } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { rejectApplication } from "~/models/applications.server";
import { createUser } from "../factories";
import { jpegWithGps, png } from "../media-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

/**
 * The rejection card names the documents to replace and links to their fields; after the courier
 * replaces one, the admin's detail says what was replaced and marks the new photo.
 */
const latestApplication = (userId: number) =>
  writerForTests()
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(applications.id)
    .all()
    .at(-1)!;

/** A Slovak citizen's complete application, by field names (any language). */
async function applyFully(page: Page) {
  await page.locator('input[name="citizenship"][value="sk"]').check();
  await page.locator('input[name="fullName"]').fill("Olena Kovalenko");
  await page.locator('input[name="age"]').fill("24");
  await page.locator('input[name="phone"]').fill("0903 123 456");
  await page.locator('select[name="contactMethod"]').selectOption("phone");
  const card = Buffer.from(await png(400, 260));
  for (const field of ["face_photo", "id_front", "id_back"]) {
    await page
      .locator(`input[name="${field}"][type="file"]`)
      .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: card });
  }
  await page.locator('form#application button[type="submit"]').click();
  await expect(page.getByTestId("status-applied_for_job")).toBeVisible();
}

test.describe("rejection card without JS at 360 px", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 }, locale: "en-US" });

  for (const language of ["en", "sk", "ua"] as const) {
    test(`the card names the document and links to its field (${language})`, async ({ page }) => {
      test.slow();
      const user = await loginAs(page, { status: "confirmed_account", language });
      await page.goto("/dashboard");
      await applyFully(page);
      const admin = await createUser({ role: "admin" });
      await rejectApplication(admin.id, latestApplication(user.id).id, {
        reasonCode: "blurryPhoto",
        replace: ["face_photo"],
      });
      await page.goto("/dashboard");
      const card = page.getByTestId("replace-documents");
      const link = card.getByRole("link");
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute("href", "#document-face_photo");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`rejection-card-${language}-360`) });
      await link.click();
      expect(new URL(page.url()).hash).toBe("#document-face_photo");
      // The file input itself is visually hidden; its field (label, button, hint) is what must show.
      await expect(page.getByTestId("doc-face_photo")).toBeInViewport();
      if (language !== "en") return;
      await expect(card).toContainText("Face photo");

      // The courier replaces the face photo only; the admin sees it named and marked new.
      const face = Buffer.from(await jpegWithGps(640, 480));
      await page
        .locator("#document-face_photo")
        .setInputFiles({ name: "face-new.jpg", mimeType: "image/jpeg", buffer: face });
      await page.locator('form#application button[type="submit"]').click();
      await expect(page.getByTestId("status-applied_for_job")).toBeVisible();
      await page.context().clearCookies();
      await page.setViewportSize({ width: 1280, height: 900 });
      await loginAs(page, { role: "admin", language: "en" });
      await page.goto(`/admin/applications/${latestApplication(user.id).id}`);
      await expect(page.getByTestId("resubmission")).toContainText(
        "Resubmitted — replaced: Face photo; previous reason: A photo is blurred or unreadable",
      );
      await expect(page.locator(".admin-documents li[data-new]")).toHaveCount(1);
      await expect(page.locator(".admin-documents li[data-new]")).toContainText("Face photo");
    });
  }
});
