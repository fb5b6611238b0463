import type { Page } from "@playwright/test";
import { createUser, TEST_PASSWORD } from "../factories";
import { expect, loginAs, solveFallbackQuestion, test, waitForHydration } from "./fixtures";

/**
 * In the browser: the ALTCHA solver and the admin chart under the
 * Content-Security-Policy with no violation, and same-origin forms working without JavaScript.
 * Headers on every kind of answer and cross-site refusals: tests/http/hardening.test.ts.
 */

/** Collects `securitypolicyviolation` events from the page (CSP violations also hit the console). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

test.describe("the policy lets the product's own scripts work", () => {
  test("the ALTCHA solver logs a user in from the auth dialog with no CSP violation", async ({ page }) => {
    const violations = await watchCsp(page);
    const user = await createUser({ status: "confirmed_account" });
    await page.goto("/?auth=login");
    // The solver runs once the page has hydrated: a click before that is the no-JS post, tested below.
    await waitForHydration(page);
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").fill(user.email);
    await dialog.locator("input[name=password]").fill(TEST_PASSWORD);
    await dialog.getByRole("button", { name: "Prihlásiť sa" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    expect(await violations()).toEqual([]);
  });

  test("the admin traffic chart (Recharts) draws with no CSP violation", async ({ page }) => {
    const violations = await watchCsp(page);
    await loginAs(page, { role: "admin" });
    await page.goto("/admin/dashboard");
    await expect(page.locator(".admin-chart .recharts-surface")).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

test.describe("same-origin forms without JavaScript still work", () => {
  test.use({ javaScriptEnabled: false });

  test("the assistant's form answers in the page", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("form:has(textarea[name=question])");
    await form.locator("textarea[name=question]").fill("Koľko zarobím za hodinu?");
    await form.locator("button[type=submit]").click();
    await expect(page.getByTestId("assistant-answer")).toBeVisible();
  });

  test("log-in with the fallback question reaches the dashboard", async ({ page }) => {
    const user = await createUser({ status: "confirmed_account" });
    await page.goto("/?auth=login");
    await page.locator("input[name=email]").fill(user.email);
    await page.locator("input[name=password]").fill(TEST_PASSWORD);
    const label = await page.locator("label:has(input[name=fallbackAnswer])").innerText();
    await page.locator("input[name=fallbackAnswer]").fill(String(solveFallbackQuestion(label)));
    await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("download my data", () => {
  test("the dashboard link downloads the user's archive", async ({ page }) => {
    await loginAs(page, { status: "confirmed_account" });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/dashboard");
    const link = page.getByTestId("data-export");
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    await page.screenshot({ path: "test-results/screens/dashboard-data-export-360.png", fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    // A ZIP, which phones open without an extra app: its name and its first bytes say so.
    expect(download.suggestedFilename()).toMatch(/^courier-fleet-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await Bun.file((await download.path())!).bytes();
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});
