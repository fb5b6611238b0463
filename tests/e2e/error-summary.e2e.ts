import type { Page } from "@playwright/test";
import { png } from "../media-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/**
 * A refused application opens with the error summary at the top, focused, its links landing on the
 * fields (with and without JS); a successful post answers a redirect, so Back never resubmits.
 */

/** Fills the application by field names (any language) with a phone the server refuses. */
async function fillWithBadPhone(page: Page) {
  await page.locator('input[name="citizenship"][value="sk"]').check();
  await page.locator('input[name="fullName"]').fill("Olena Kovalenko");
  await page.locator('input[name="age"]').fill("24");
  await page.locator('input[name="phone"]').fill("12");
  await page.locator('select[name="contactMethod"]').selectOption("phone");
  const card = Buffer.from(await png(400, 260));
  for (const field of ["face_photo", "id_front", "id_back"]) {
    await page
      .locator(`input[name="${field}"][type="file"]`)
      .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: card });
  }
}

const applyPost = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/dashboard/apply"));

test.describe("error summary without JS at 360 px", () => {
  // The refused post answers 400, which the browser notes in its console.
  test.use({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 780 },
    locale: "en-US",
    allowedConsoleErrors: [/status of 400/],
  });

  test("the summary is first, focused, its link moves to the field; the successful post redirects", async ({
    page,
  }) => {
    await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    await fillWithBadPhone(page);
    const refused = applyPost(page);
    await page.getByRole("button", { name: "Submit application" }).click();
    expect((await refused).status()).toBe(400);
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
    // First in the form, above the title and the "files kept" note.
    expect(await page.locator("form#application > *").first().getAttribute("data-testid")).toBe("error-summary");
    const link = summary.getByRole("link", {
      name: "Phone number (Slovak): Enter a Slovak phone number, e.g. +421 903 123 456.",
    });
    await link.click();
    const phone = page.locator('input[name="phone"]');
    expect(new URL(page.url()).hash).toBe(`#${await phone.getAttribute("id")}`);
    await expect(phone).toBeInViewport();
    await expectNoHorizontalOverflow(page);

    // The refused post's own history entry is a POST; the successful one starts from a fresh page (text and files kept as drafts).
    await page.goto("/dashboard");
    await expect(phone).toHaveValue("12");
    await phone.fill("0903 123 456");
    const accepted = applyPost(page);
    await page.getByRole("button", { name: "Submit application" }).click();
    // Post/redirect/get: the page after the post is a GET, so Back and reload never ask to resubmit.
    expect([302, 303]).toContain((await accepted).status());
    await expect(page.getByText("Your application is being reviewed")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  for (const language of ["sk", "ua"] as const) {
    test(`screenshot of the summary in ${language}`, async ({ page }) => {
      await loginAs(page, { status: "confirmed_account", language });
      await page.goto("/dashboard");
      await fillWithBadPhone(page);
      await page.locator('input[name="fullName"]').fill("Ol");
      await page.locator('form#application button[type="submit"]').click();
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("link")).toHaveCount(2);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`error-summary-nojs-${language}-360`) });
    });
  }
});

test.describe("error summary with JS at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: "en-US" });

  test("the browser's check shows the summary focused; a link focuses the field", async ({ page }) => {
    await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    await waitForHydration(page);
    await fillWithBadPhone(page);
    await page.locator('input[name="phone"]').press("Tab");
    // A blur checks the field it left, next to it; the summary waits for a submit.
    await expect(page.locator(".field-error", { hasText: "Enter a Slovak phone number" })).toBeVisible();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toHaveCount(0);
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await summary.getByRole("link", { name: /^Phone number \(Slovak\): / }).click();
    await expect(page.locator('input[name="phone"]')).toBeFocused();
    await expect(page.locator('input[name="phone"]')).toBeInViewport();
  });
});
