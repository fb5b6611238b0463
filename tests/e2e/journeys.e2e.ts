import { eq } from "drizzle-orm";
import { applications, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createReferralLink } from "~/models/referrals.server";
import { createUser } from "../factories";
import { expect, loginAs, solveFallbackQuestion, test, waitForHydration } from "./fixtures";

/** Journeys that cross areas: what one side does, the other side sees. */
const STRONG = "Kuriér-Jazda-7!";
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}@example.com`;

function registeredUser(email: string) {
  return writerForTests().select().from(users).where(eq(users.email, email)).get();
}

test.describe("referral link → registration", () => {
  test("with JavaScript: ?ref is kept for the session and the new account records its referrer", async ({ page }) => {
    const admin = await createUser({ role: "admin" });
    const link = await createReferralLink(admin.id, "Facebook group");
    await page.goto(`/?ref=${link.code}`);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("referralCode"))).toBe(link.code);
    // A later page without the parameter still carries the code into registration.
    await page.goto("/?auth=register");
    // The journey with scripts: a form sent before hydration carries no captcha token (that case is
    // the fallback question's, tested elsewhere).
    await waitForHydration(page);
    const email = uniqueEmail("ref-js");
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").fill(email);
    await dialog.locator("input[name=password]").fill(STRONG);
    await dialog.getByRole("button", { name: "Zaregistrovať sa" }).click();
    await expect(dialog.getByText("Registrácia prebehla úspešne")).toBeVisible({ timeout: 15_000 });
    expect(registeredUser(email)?.referralLinkId).toBe(link.id);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the referral cookie reaches the registration form's action", async ({ page }) => {
      const admin = await createUser({ role: "admin" });
      const link = await createReferralLink(admin.id, "Poster at the station");
      await page.goto(`/?ref=${link.code}`);
      await page.goto("/?auth=register");
      const email = uniqueEmail("ref-nojs");
      const dialog = page.getByRole("dialog");
      await dialog.locator("input[name=email]").fill(email);
      await dialog.locator("input[name=password]").fill(STRONG);
      const label = await page.locator("label:has(input[name=fallbackAnswer])").innerText();
      await page.locator("input[name=fallbackAnswer]").fill(String(solveFallbackQuestion(label)));
      await dialog.getByRole("button", { name: "Zaregistrovať sa" }).click();
      await expect(page.getByText("Registrácia prebehla úspešne")).toBeVisible();
      expect(registeredUser(email)?.referralLinkId).toBe(link.id);
    });
  });
});

test("an admin approves an application and the courier's open dashboard changes without a reload", async ({
  browser,
}) => {
  const courierContext = await browser.newContext({ locale: "sk-SK" });
  const courierPage = await courierContext.newPage();
  const courier = await loginAs(courierPage, { status: "applied_for_job", language: "sk" });
  const application = writerForTests()
    .insert(applications)
    .values({
      userId: courier.id,
      fullName: "Olena Kovalenko",
      age: 24,
      phone: "+421901234567",
      contactMethod: "telegram",
      contactUsername: "olena_k",
    })
    .returning()
    .get();
  await courierPage.goto("/dashboard");
  await expect(courierPage.getByText("Vašu žiadosť posudzujeme")).toBeVisible();

  const adminContext = await browser.newContext({ locale: "sk-SK" });
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, { role: "admin", language: "sk" });
  await adminPage.goto(`/admin/applications/${application.id}`);
  await adminPage.getByRole("button", { name: "Schváliť", exact: true }).click();
  await expect(adminPage.getByText("Schválené. Používateľ dostal e-mail.").first()).toBeVisible();

  // Coming back to the tab revalidates the dashboard.
  await courierPage.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(courierPage.getByText("Vitajte v tíme!")).toBeVisible();
  await courierContext.close();
  await adminContext.close();
});
