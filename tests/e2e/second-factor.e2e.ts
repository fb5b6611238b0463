import type { Browser, Page } from "@playwright/test";
import { createUser, enrolSecondFactor, TEST_PASSWORD, totpCode } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, solveFallbackQuestion, test } from "./fixtures";

/**
 * The admins' second factor in the browser, at 360 px, with and without JavaScript: the forced
 * enrolment at the first log-in, a log-in with a recovery code, and a session ended from another
 * device. (Log-in with the authenticator code: auth.e2e.ts.)
 */
test.use({
  viewport: { width: 360, height: 800 },
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[0-9]/],
});

/** The password step: with JS the captcha is solved in the browser, without it the question is answered. */
async function passwordStep(page: Page, email: string) {
  await openLoginPage(page);
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(TEST_PASSWORD);
  const fallback = page.locator("input[name=fallbackAnswer]");
  if (await fallback.isVisible()) await answerFallback(page);
  await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
  await expect(page).toHaveURL(/\/auth\/second-factor/);
}

/** With JS, the form is used once hydrated: the captcha is solved by the script, not the no-JS question. */
async function openLoginPage(page: Page) {
  await page.goto("/auth/login");
  await page.waitForLoadState("networkidle");
}

async function answerFallback(page: Page) {
  const label = await page.locator("label:has(input[name=fallbackAnswer])").innerText();
  await page.locator("input[name=fallbackAnswer]").fill(String(solveFallbackQuestion(label)));
}

async function enrol(page: Page, shot: string) {
  await expect(page.getByRole("heading", { name: "Nastavenie dvojstupňového overenia" })).toBeVisible();
  await expect(page.getByRole("img", { name: "QR kód pre overovaciu aplikáciu" })).toBeVisible();
  const secret = (await page.locator(".totp-secret code").innerText()).replace(/\s/g, "");
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `test-results/screens/second-factor-enrol-${shot}.png`, fullPage: true });
  await page.getByLabel("Kód", { exact: true }).fill(totpCode(secret));
  await page.getByRole("button", { name: "Potvrdiť a pokračovať" }).click();
  await expect(page.getByRole("heading", { name: "Vaše záložné kódy" })).toBeVisible();
  const codes = await page.locator(".recovery-codes code").allInnerTexts();
  expect(codes).toHaveLength(10);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `test-results/screens/second-factor-codes-${shot}.png`, fullPage: true });
  await page.getByRole("link", { name: "Uložil(a) som si ich, pokračovať" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return { secret, codes };
}

async function endOtherSessionRemotely(browser: Browser) {
  const phone = await browser.newContext({ locale: "sk-SK", viewport: { width: 360, height: 800 } });
  const phonePage = await phone.newPage();
  const user = await loginAs(phonePage, { language: "sk", status: "working_no_vehicle" });
  await phonePage.goto("/dashboard");
  await expect(phonePage).toHaveURL(/\/dashboard$/);
  return { phone, phonePage, user };
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("first log-in of an admin forces enrolment; the recovery codes are shown once", async ({ page }) => {
      const admin = await createUser({ role: "admin", language: "sk" });
      await passwordStep(page, admin.email);
      // Half logged in: the admin area is not open yet.
      await page.goto("/admin/users");
      await expect(page).toHaveURL(/\/auth\/second-factor$/);
      const { codes } = await enrol(page, js ? "js" : "nojs");
      // Going back to the page does not show the codes again.
      await page.goto("/auth/second-factor");
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      expect(codes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
    });

    test("a lost phone: a recovery code logs in once", async ({ page }) => {
      const admin = await createUser({ role: "admin", language: "sk" });
      await passwordStep(page, admin.email);
      const { codes } = await enrol(page, js ? "js-recovery" : "nojs-recovery");
      // Another day: the session cookie is gone, the device cookie stays.
      await page.context().clearCookies({ name: "cf_session" });
      await passwordStep(page, admin.email);
      await page.getByLabel("Kód", { exact: true }).fill(codes[0]!);
      await page.getByRole("button", { name: "Overiť" }).click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      if (js)
        await expect(page.getByText("Prihlásili ste sa záložným kódom. Zostávajúce záložné kódy: 9.")).toBeVisible();
    });

    test("a session ended from another device is logged out there", async ({ page, browser }) => {
      const { phone, phonePage, user } = await endOtherSessionRemotely(browser);
      // The laptop logs in as the same courier through the form.
      await openLoginPage(page);
      await page.locator("input[name=email]").fill(user.email);
      await page.locator("input[name=password]").fill(TEST_PASSWORD);
      if (await page.locator("input[name=fallbackAnswer]").isVisible()) await answerFallback(page);
      await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto("/account/sessions");
      await expect(page.getByRole("heading", { name: "Prihlásenia a zabezpečenie" })).toBeVisible();
      await expect(page.locator(".session-item")).toHaveCount(2);
      await expect(page.locator(".session-item").first()).toContainText("Toto zariadenie");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/screens/sessions-${js ? "js" : "nojs"}.png`, fullPage: true });
      await page.getByRole("button", { name: "Ukončiť toto prihlásenie" }).click();
      await expect(page.locator(".session-item")).toHaveCount(1);
      await expect(page.getByText("Nikde inde nie ste prihlásený(á).")).toBeVisible();
      await phonePage.goto("/dashboard");
      await expect(phonePage).toHaveURL(/auth=login/);
      await phone.close();
    });
  });
}

test("an admin confirms a role change with the current code", async ({ page }) => {
  const admin = await loginAs(page, { role: "admin", language: "sk" });
  const { code } = await enrolSecondFactor(admin.id);
  const target = await createUser({ language: "sk" });
  await page.goto(`/admin/users/${target.id}`);
  // Choosing the role opens the confirmation (its own URL), which asks for the code.
  await page.locator("select[name=role]").selectOption("admin");
  await page.getByRole("button", { name: "Zmeniť rolu" }).click();
  await expect(page).toHaveURL(/confirm=role&role=admin/);
  const dialog = page.getByRole("dialog", { name: "Zmeniť rolu?" });
  await dialog.getByLabel("Kód z overovacej aplikácie").fill("999999");
  await dialog.getByRole("button", { name: "Zmeniť rolu" }).click();
  await expect(dialog.getByText("Kód nie je správny alebo už bol použitý.")).toBeVisible();
  await dialog.getByLabel("Kód z overovacej aplikácie").fill(code());
  await dialog.getByRole("button", { name: "Zmeniť rolu" }).click();
  await expect(page.locator(".admin-dl")).toContainText("Administrátor");
});
