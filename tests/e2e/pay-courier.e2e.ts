import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { weekOf, addWeeks, addDays } from "~/domain/pay-week";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../factories";
import { createPlatformRow, importDays, insertStatement, linkAccount } from "../pay-fixtures";
import { expect, expectNoHorizontalOverflow, shotPath, test } from "./fixtures";

const IBAN = "SK31 1200 0000 1987 4263 7541";
const NEW_IBAN = "SK6807200002891987426353";

/** A working courier with a platform account, two imported days this week and an approved statement of last week. */
async function courierWithPay(page: Page, language: "sk" | "ua" | "en" = "en") {
  const user = await createUser({ status: "working_with_vehicle", fullName: "Jana Nováková", language });
  const platform = await createPlatformRow();
  await linkAccount(platform.id, `E2E-${user.id}`, user.id, "2026-01-01");
  const week = weekOf(new Date());
  await importDays(platform.id, week, [
    { accountId: `E2E-${user.id}`, day: week, minutes: 300, deliveries: 12, grossCents: 5400, tipsCents: 250 },
    { accountId: `E2E-${user.id}`, day: addDays(week, 1), minutes: 240, deliveries: 9, grossCents: 4100, tipsCents: 0 },
  ]);
  const { statement } = await insertStatement(user.id, addWeeks(week, -1), { status: "approved" });
  const header = await sessionCookieHeader(user.id);
  const [name, value] = header.split(/=(.*)/s) as [string, string];
  await page
    .context()
    .addCookies([
      { name, value, domain: new URL(process.env.APP_URL!).hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
  return { user, statement };
}

test.use({ viewport: { width: 360, height: 780 }, locale: "en-GB" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`courier's pay (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    // The refused IBAN (400) and the wrong password (401) are answers the browser logs.
    test.use({ javaScriptEnabled, allowedConsoleErrors: [/status of 40[01]/] });

    test("sees the week so far and a statement, sets bank details, downloads the PDF, questions a line", async ({
      page,
    }) => {
      // A long journey with four posts, a download and two full-page screenshots.
      test.slow();
      const { statement } = await courierWithPay(page);
      await page.goto("/dashboard?lng=en");
      // No IBAN yet: the dashboard says so and leads to the bank details.
      await expect(page.getByTestId("pay-iban-missing")).toContainText("We do not have your IBAN yet");
      await page.getByTestId("pay-link").getByRole("link", { name: "Enter your IBAN" }).click();
      await expect(page).toHaveURL(/\/dashboard\/pay#bank$/);
      // 9 h at 7.50 EUR plus 2.50 EUR tips.
      await expect(page.getByTestId("pay-week")).toContainText("Days worked");
      await expect(page.getByTestId("pay-week-amount")).toContainText("70.00");
      await expect(page.getByTestId("pay-week-amount")).toContainText("before scooter rent and other deductions");
      await expect(page.getByTestId("pay-week-rule")).toContainText(/We pay by the hour.*9\sh × €7.50\/h = €67.50/);
      await expect(page.getByTestId(`statement-${statement.id}`)).toContainText("Approved");
      await expect(page.getByTestId(`statement-${statement.id}`)).toContainText("Scooter rent: 7 days");
      await expectNoHorizontalOverflow(page);

      // A bad IBAN: the message, the typed values kept (not the password).
      const bank = page.getByTestId("pay-bank");
      await bank.getByLabel("IBAN").fill("SK31 1200 0000 1987 4263 7542");
      await bank.getByLabel("Account holder").fill("Jana Nováková");
      await bank.getByLabel("Your current password").fill(TEST_PASSWORD);
      await bank.getByRole("button", { name: "Save bank details" }).click();
      await expect(bank).toContainText("This IBAN is not valid");
      // The error summary at the top of the form takes the focus and links to the field.
      await expect(bank.getByTestId("error-summary")).toBeFocused();
      await expect(
        bank.getByTestId("error-summary").getByRole("link", { name: /^IBAN: This IBAN is not valid/ }),
      ).toHaveAttribute("href", `#${await bank.getByLabel("IBAN").getAttribute("id")}`);
      await expect(bank.getByLabel("Account holder")).toHaveValue("Jana Nováková");
      await bank.getByLabel("IBAN").fill(IBAN);
      // With JS the field revalidates as it is typed; without, the server answers again.
      await bank.getByLabel("Your current password").fill(TEST_PASSWORD);
      await bank.getByRole("button", { name: "Save bank details" }).click();
      await expect(page.getByTestId("pay-bank-current")).toContainText("**** **** **** **** **** 7541");

      // Changing it asks for the password again; a wrong one is refused.
      await bank.getByLabel("New IBAN").fill(NEW_IBAN);
      await bank.getByLabel("Account holder").fill("Jana Nováková");
      await bank.getByLabel("Your current password").fill("wrong-password");
      await bank.getByRole("button", { name: "Save bank details" }).click();
      await expect(bank).toContainText("The password is not right.");
      await expect(bank.getByLabel("New IBAN")).toHaveValue(NEW_IBAN);
      await expect(bank.getByLabel("Your current password")).toHaveValue("");
      await expect(page.getByTestId("pay-bank-current")).toContainText("7541");

      const download = page.waitForEvent("download");
      await page.getByTestId(`statement-pdf-${statement.id}`).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^pay-statement-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, 4)
          .toString(),
      ).toBe("%PDF");

      const card = page.getByTestId(`statement-${statement.id}`);
      await card.getByText("Question a line").click();
      await card.getByLabel("Which line").selectOption({ index: 2 });
      await card.getByLabel("Your question").fill("I returned the scooter on Wednesday.");
      await card.getByRole("button", { name: "Send the question" }).click();
      await expect(card.locator(".pay-question")).toContainText("I returned the scooter on Wednesday.");
      await expect(card.locator(".pay-question")).toContainText("Scooter rent");
      await expect(card.getByLabel("Your question")).toBeHidden();
      if (javaScriptEnabled) {
        await page.screenshot({ path: shotPath("pay-360"), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: shotPath("pay-1280"), fullPage: true });
      }
    });
  });
}

test("the Pay page in Ukrainian", async ({ page }) => {
  const { statement } = await courierWithPay(page, "ua");
  await page.goto("/dashboard/pay?lng=ua");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Виплати");
  await expect(page.getByTestId("pay-week")).toContainText("до оренди скутера та інших утримань");
  await expect(page.getByTestId(`statement-${statement.id}`)).toContainText("Затверджено");
  await expect(page.getByTestId("pay-bank")).toContainText("Банківські реквізити");
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath("pay-360-ua"), fullPage: true });
});

/**
 * The courier's Pay page in Ukrainian on a 360 px phone, with and without JavaScript: the way to it for a
 * courier without an IBAN, the time and the pay rule that add up, the holder names a bank transfer cannot
 * carry refused, the name as the bank will see it, and a form that keeps nothing after a save.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`Pay in Ukrainian at 360 px (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled, locale: "uk-UA", allowedConsoleErrors: [/status of 400/] });

    test("refuses names a bank cannot carry, shows how the bank sees the name, keeps nothing after saving", async ({
      page,
    }) => {
      test.slow();
      const mode = javaScriptEnabled ? "js" : "nojs";
      const { statement } = await courierWithPay(page, "ua");
      await page.goto("/dashboard?lng=ua");
      await expect(page.getByTestId("pay-iban-missing")).toBeVisible();
      await page.getByTestId("pay-link").getByRole("link").click();
      await expect(page).toHaveURL(/\/dashboard\/pay#bank$/);

      // 5 h + 4 h = 9 год; 9 год × 7,50 €/год = 67,50 €, plus 2,50 € tips: the figures multiply and add.
      const week = page.getByTestId("pay-week");
      await expect(week).toContainText(/9\sгод/);
      await expect(page.getByTestId("pay-week-rule")).toContainText(/9\sгод × 7,50\s€\/год = 67,50\s€/);
      await expect(page.getByTestId("pay-week-amount")).toContainText(/70,00\s€/);
      await expect(page.getByTestId(`statement-${statement.id}`)).toContainText("Оренда скутера: 7 днів");
      await expect(page.getByTestId(`statement-${statement.id}`)).not.toContainText(/[-−]0,00/);

      const bank = page.getByTestId("pay-bank");
      const holder = bank.getByLabel("Власник рахунку");
      const password = bank.getByLabel("Ваш поточний пароль");
      const refusals: [string, string][] = [
        ["ЬЬЬ", "не залишиться жодної літери"],
        ["’’’", "не залишиться жодної літери"],
        ["Щ".repeat(20), "понад 70 символів"],
      ];
      for (const [name, message] of refusals) {
        await bank.getByLabel("IBAN").fill(IBAN);
        await holder.fill(name);
        await password.fill(TEST_PASSWORD);
        await bank.getByRole("button", { name: "Зберегти реквізити" }).click();
        await expect(bank.locator(".field-error")).toContainText(message);
        await expect(page.getByTestId("pay-bank-current")).toHaveCount(0);
      }
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`pay-ua-360-refused-${mode}`), fullPage: true });

      await holder.fill("Щербак Олена");
      // With JS the preview follows the typing; without, the saved details show it.
      if (javaScriptEnabled)
        await expect(bank.getByTestId("pay-bank-preview")).toHaveText("Банк побачить: Shcherbak Olena");
      await bank.getByLabel("IBAN").fill(IBAN);
      await password.fill(TEST_PASSWORD);
      await bank.getByRole("button", { name: "Зберегти реквізити" }).click();
      await expect(page.getByTestId("pay-bank-sees")).toHaveText("Shcherbak Olena");
      await expect(page.getByTestId("pay-bank-current")).toContainText("**** **** **** **** **** 7541");
      // Nothing of what was typed stays on the phone's screen.
      await expect(bank.getByLabel("Новий IBAN")).toHaveValue("");
      await expect(holder).toHaveValue("");
      await expect(password).toHaveValue("");
      // Without JS nothing closes the notice: it leaves by itself and stops covering the buttons.
      if (!javaScriptEnabled) await expect(page.getByTestId("static-toast")).toBeHidden({ timeout: 10_000 });

      // The line picker fits the phone.
      const card = page.getByTestId(`statement-${statement.id}`);
      await card.getByText("Запитати про рядок").click();
      await expect(card.getByLabel("Який рядок")).toBeVisible();
      await expectNoHorizontalOverflow(page);
      const picker = await card.getByLabel("Який рядок").boundingBox();
      const cardBox = await card.boundingBox();
      expect(picker!.x + picker!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
      await page.screenshot({ path: shotPath(`pay-ua-360-saved-${mode}`), fullPage: true });
    });
  });
}

test("the home page's promise and the vehicle dialog state the scooter's rent (ua, 360 px)", async ({ page }) => {
  await page.goto("/?lng=ua&days=5&hours=5#income");
  // 25 h × 7,50 € = 187,50 € (not "188 €"); with a scooter rented all week 35,00 € less.
  await expect(page.getByTestId("income-week")).toHaveText(/^187,50\s€$/);
  await expect(page.getByTestId("income-week-scooter")).toHaveText(/^152,50\s€$/);
  await expect(page.locator("#income")).toContainText(/З орендованим скутером \(5,00\s€ на день\)/);
  await expectNoHorizontalOverflow(page);
  await page.locator("#income").screenshot({ path: shotPath("home-income-ua-360") });

  const user = await createUser({ status: "working_no_vehicle", fullName: "Олена Щербак", language: "ua" });
  const [name, value] = (await sessionCookieHeader(user.id)).split(/=(.*)/s) as [string, string];
  await page
    .context()
    .addCookies([
      { name, value, domain: new URL(process.env.APP_URL!).hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
  await page.goto("/dashboard?modal=vehicle&lng=ua");
  await expect(page.getByTestId("vehicle-rent")).toContainText(/5,00\s€ на день \(35,00\s€ за весь тиждень\)/);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath("vehicle-rent-ua-360") });
});
