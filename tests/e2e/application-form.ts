import type { Page } from "@playwright/test";
import { jpegWithGps, png } from "../media-fixtures";

/** Fills the job application as a courier from another country would (JS on or off). */
export async function fillApplication(page: Page, { phone, comment }: { phone: string; comment?: string }) {
  // First, so that no error message appearing on a blur moves the radio under the pointer.
  await page.getByRole("radio", { name: "Another country", exact: true }).check();
  await page.getByLabel("Full name (as in passport)").fill("Olena Kovalenko");
  await page.getByRole("spinbutton", { name: /^Age/ }).fill("24");
  await page.getByLabel("Phone number (Slovak)").fill(phone);
  await page.getByLabel("Preferred contact method").selectOption("telegram");
  await page.getByLabel("Username in the chosen app").fill("olena_k");
  if (comment) await page.getByLabel("Comment").fill(comment);
  await page
    .getByLabel("Residence permit or refugee document valid until")
    .fill(new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10));
}

/** Attaches the four document photos (a JPEG with GPS data, PNG cards). */
export async function attachDocuments(page: Page) {
  const face = Buffer.from(await jpegWithGps(800, 600));
  const card = Buffer.from(await png(400, 260));
  await page
    .locator('input[name="face_photo"][type="file"]')
    .setInputFiles({ name: "face.jpg", mimeType: "image/jpeg", buffer: face });
  await page
    .locator('input[name="id_front"][type="file"]')
    .setInputFiles({ name: "id-front.png", mimeType: "image/png", buffer: card });
  await page
    .locator('input[name="id_back"][type="file"]')
    .setInputFiles({ name: "id-back.png", mimeType: "image/png", buffer: card });
  await page
    .locator('input[name="refugee_document"][type="file"]')
    .setInputFiles({ name: "refugee.png", mimeType: "image/png", buffer: card });
}
