import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import skAuth from "../../locales/sk/auth.json";
import { createUser, enrolSecondFactor, TEST_PASSWORD } from "../factories";
import { parseMail } from "../mail-capture";
import {
  expect,
  expectNoHorizontalOverflow,
  solveFallbackQuestion,
  test,
  waitForHydration,
  delayScripts,
} from "./fixtures";

/**
 * Account journeys, each with JavaScript on (ALTCHA really solved in the
 * browser) and off (the server-rendered fallback question). E-mails are read from the .eml files
 * the server writes into DATA_DIR/mail when no SMTP server is configured.
 */
const STRONG = "Kuriér-Jazda-7!";
const mailDir = () => path.join(process.env.DATA_DIR!, "mail");

async function mailLink(to: string, kind: "activate" | "reset-password") {
  for (let i = 0; i < 50; i++) {
    const files = (() => {
      try {
        return readdirSync(mailDir()).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const mail = parseMail(readFileSync(path.join(mailDir(), file), "utf8"));
      const link = mail.links.find((l) => l.includes(`/${kind}/`));
      // Path and query: the link carries the account's language (?lng=).
      if (mail.to.includes(to) && link) return `${new URL(link).pathname}${new URL(link).search}`;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} e-mail to ${to}`);
}

/** Answers the no-JS question as a person would. */
async function answerFallback(page: Page) {
  const label = await page.locator("label:has(input[name=fallbackAnswer])").innerText();
  await page.locator("input[name=fallbackAnswer]").fill(String(solveFallbackQuestion(label)));
}

const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}@example.com`;

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[0-9]/] });

test.describe("with JavaScript (ALTCHA solved in the browser)", () => {
  test("a password filled in before the page hydrated counts once it has", async ({ page }) => {
    // A password manager fills the field while the scripts are still on their way.
    await delayScripts(page);
    await page.goto("/?auth=register", { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=password]").fill(STRONG);
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await waitForHydration(page);
    await expect(dialog.locator(".pw-rule-ok")).toHaveCount(5);
    await expect(dialog.getByRole("button", { name: "Zaregistrovať sa" })).toBeEnabled();
  });

  test("a submit tapped before the page hydrated is sent once it has, with its captcha", async ({ page }) => {
    // Slow scripts: the tap lands while the page still works as plain HTML. Posted natively it carried no
    // captcha token and came back as "verification failed", the password emptied.
    await delayScripts(page);
    await page.goto("/?auth=register", { waitUntil: "domcontentloaded" });
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").fill(uniqueEmail("early-reg"));
    await dialog.locator("input[name=password]").fill(STRONG);
    await dialog.locator("button[type=submit]").click();
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await expect(dialog.getByText("Registrácia prebehla úspešne")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/\?auth=register$/);

    const user = await createUser();
    await page.goto("/?auth=login", { waitUntil: "domcontentloaded" });
    await page.getByRole("dialog").locator("input[name=email]").fill(user.email);
    await page.getByRole("dialog").locator("input[name=password]").fill(TEST_PASSWORD);
    await page.getByRole("dialog").locator("button[type=submit]").click();
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  });

  test("register → activate from the e-mail → log in → /dashboard → log out", async ({ page }) => {
    const email = uniqueEmail("js-reg");
    await page.goto("/?auth=register");
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").fill(email);
    const submit = dialog.getByRole("button", { name: "Zaregistrovať sa" });
    await dialog.locator("input[name=password]").fill("slabé");
    await expect(submit).toBeDisabled();
    await expect(dialog.locator(".pw-rule-ok")).toHaveCount(1);
    await dialog.locator("input[name=password]").fill(STRONG);
    await expect(dialog.locator(".pw-rule-ok")).toHaveCount(5);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog.getByText("Registrácia prebehla úspešne")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/\?auth=register$/);

    // The fresh link from the e-mail activates and logs the courier in.
    const link = await mailLink(email, "activate");
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Váš účet je aktivovaný a ste prihlásený.")).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Odhlásiť sa" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/?auth=login");
    await waitForHydration(page);
    await loginInDialog(page, email, STRONG);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("userEmail"))).toBe(email);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("userRole"))).toBe("user");

    await page.getByRole("banner").getByRole("button", { name: "Odhlásiť sa" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("userEmail"))).toBeNull();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/auth=login/);
  });

  test("a wrong password shows the error in place and keeps the page", async ({ page }) => {
    const user = await createUser();
    await page.goto("/?auth=login");
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").fill(user.email);
    await dialog.locator("input[name=password]").fill("Nespravne-1!");
    await dialog.getByRole("button", { name: "Prihlásiť sa" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Nesprávny e-mail alebo heslo.", { timeout: 15_000 });
    await expect(page).toHaveURL(/\/\?auth=login$/);
  });

  test("forgot → reset from the e-mail → log in", async ({ page }) => {
    const user = await createUser({ language: "sk" });
    await page.goto("/?auth=login");
    await waitForHydration(page);
    await page.getByRole("dialog").getByRole("link", { name: "Zabudli ste heslo?" }).click();
    const dialog = page.getByRole("dialog");
    // A client navigation that swaps the dialog's form: on a loaded machine it can take more than 5 s.
    await expect(dialog.getByRole("heading", { name: "Obnovenie hesla" })).toBeVisible({ timeout: 15_000 });
    await dialog.locator("input[name=email]").fill(user.email);
    await dialog.getByRole("button", { name: "Poslať odkaz" }).click();
    await expect(dialog.getByText("Ak účet s týmto e-mailom existuje")).toBeVisible();

    await page.goto(await mailLink(user.email, "reset-password"));
    await page.locator("input[name=password]").fill(STRONG);
    await page.locator("input[name=confirmPassword]").fill(`${STRONG}x`);
    await page.getByRole("button", { name: "Uložiť nové heslo" }).click();
    await expect(page.getByText("Heslá sa nezhodujú.")).toBeVisible();
    await page.locator("input[name=confirmPassword]").fill(STRONG);
    await page.getByRole("button", { name: "Uložiť nové heslo" }).click();
    await expect(page).toHaveURL(/\/\?auth=login$/);
    await loginInDialog(page, user.email, STRONG);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("admin log-in → the authenticator code → /admin/dashboard", async ({ page }) => {
    const admin = await createUser({ role: "admin", language: "sk" });
    const { code } = await enrolSecondFactor(admin.id);
    await page.goto("/?auth=login");
    await loginInDialog(page, admin.email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/auth\/second-factor\?redirectTo=%2Fadmin%2Fdashboard$/);
    await page.getByLabel("Kód", { exact: true }).fill(code());
    await page.getByRole("button", { name: "Overiť" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("userRole"))).toBe("admin");
  });

  test("the dialog at 360 and 1280 px", async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const view of ["login", "register"] as const) {
        await page.goto(`/?auth=${view}`);
        await expect(page.getByRole("dialog")).toBeVisible();
        if (view === "register") await page.getByRole("dialog").locator("input[name=password]").fill("Kurier1");
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `test-results/screens/auth-${view}-${width}.png` });
      }
    }
  });
});

async function loginInDialog(page: Page, email: string, password: string) {
  const dialog = page.getByRole("dialog");
  await dialog.locator("input[name=email]").fill(email);
  await dialog.locator("input[name=password]").fill(password);
  await dialog.getByRole("button", { name: "Prihlásiť sa" }).click();
}

test.describe("without JavaScript (fallback question)", () => {
  test.use({ javaScriptEnabled: false });

  test("register → activate → log in → /dashboard → log out", async ({ page }) => {
    const email = uniqueEmail("nojs-reg");
    await page.goto("/?auth=register");
    // A weak password first: the server answers with the rule and keeps the e-mail.
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill("slabeheslo");
    await answerFallback(page);
    await page.getByRole("button", { name: "Zaregistrovať sa" }).click();
    await expect(page.getByText("Heslo nespĺňa bezpečnostné požiadavky.")).toBeVisible();
    await expect(page.locator("input[name=email]")).toHaveValue(email);
    await expect(page.locator("input[name=password]")).toHaveValue("");
    await page.setViewportSize({ width: 360, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: "test-results/screens/auth-nojs-register-error-360.png" });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.locator("input[name=password]").fill(STRONG);
    await answerFallback(page);
    await page.getByRole("button", { name: "Zaregistrovať sa" }).click();
    await expect(page.getByText("Registrácia prebehla úspešne")).toBeVisible();

    await page.goto(await mailLink(email, "activate"));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Váš účet je aktivovaný a ste prihlásený.")).toBeVisible();
    await page.getByRole("button", { name: "Odhlásiť sa" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/?auth=login");
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill(STRONG);
    await answerFallback(page);
    await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.screenshot({ path: "test-results/screens/auth-nojs-dashboard-1280.png" });

    await page.getByRole("button", { name: "Odhlásiť sa" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Prihlásiť sa" })).toBeVisible();
  });

  test("a wrong captcha answer is refused with a message saying the answer was wrong, and a new question", async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto("/?auth=login");
    await page.locator("input[name=email]").fill(user.email);
    await page.locator("input[name=password]").fill(TEST_PASSWORD);
    const firstToken = await page.locator("input[name=fallbackToken]").inputValue();
    // No sum of the question reaches 100.
    await page.locator("input[name=fallbackAnswer]").fill("100");
    await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
    await expect(page.getByText(skAuth.captcha.wrongAnswer)).toBeVisible();
    await expect(page.locator("input[name=email]")).toHaveValue(user.email);
    // The used token is gone: the form carries a new question.
    await expect(page.locator("input[name=fallbackToken]")).not.toHaveValue(firstToken);
  });

  test("forgot → reset → log in", async ({ page }) => {
    // A Slovak account: the reset link opens the page in the account's language.
    const user = await createUser({ language: "sk" });
    await page.goto("/?auth=forgot");
    await page.locator("input[name=email]").fill(user.email);
    await page.getByRole("button", { name: "Poslať odkaz" }).click();
    await expect(page.getByText("Ak účet s týmto e-mailom existuje")).toBeVisible();
    await page.goto(await mailLink(user.email, "reset-password"));
    await page.locator("input[name=password]").fill(STRONG);
    await page.locator("input[name=confirmPassword]").fill(STRONG);
    await page.getByRole("button", { name: "Uložiť nové heslo" }).click();
    await expect(page).toHaveURL(/\/\?auth=login$/);
    await page.locator("input[name=email]").fill(user.email);
    await page.locator("input[name=password]").fill(STRONG);
    await answerFallback(page);
    await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("admin log-in → the authenticator code → /admin/dashboard", async ({ page }) => {
    const admin = await createUser({ role: "admin", language: "sk" });
    const { code } = await enrolSecondFactor(admin.id);
    await page.goto("/?auth=login");
    await page.locator("input[name=email]").fill(admin.email);
    await page.locator("input[name=password]").fill(TEST_PASSWORD);
    await answerFallback(page);
    await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
    await expect(page).toHaveURL(/\/auth\/second-factor/);
    await page.getByLabel("Kód", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Overiť" }).click();
    await expect(page.getByRole("alert")).toContainText("Kód nie je správny");
    await page.getByLabel("Kód", { exact: true }).fill(code());
    await page.getByRole("button", { name: "Overiť" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe("links in e-mails open in the account's language", () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: "sk-SK" });

  test("a Ukrainian account's activation page is Ukrainian in a Slovak browser; a reset asked for from a Slovak page comes in Slovak", async ({
    page,
  }) => {
    const waiting = await createUser({ status: "created_account", language: "ua" });
    expect(
      (
        await page.request.post("/api/auth/resend-activation", { data: { email: waiting.email, language: "sk" } })
      ).status(),
    ).toBe(200);
    const activation = await mailLink(waiting.email, "activate");
    expect(activation).toMatch(/\?lng=ua$/);
    await page.goto(activation);
    // A fresh link logs the courier in: the dashboard says so in their language.
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText("Ваш акаунт активовано, і ви увійшли.")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");

    await page.context().clearCookies();
    const active = await createUser({ language: "ua" });
    // The reset speaks the language of the page it was asked from, whatever the account's saved one.
    expect(
      (
        await page.request.post("/api/auth/forgot-password", { data: { email: active.email, language: "sk" } })
      ).status(),
    ).toBe(200);
    const reset = await mailLink(active.email, "reset-password");
    expect(reset).toMatch(/\?lng=sk$/);
    await page.goto(reset);
    await expect(page.getByRole("heading", { name: "Nastavte si nové heslo" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
