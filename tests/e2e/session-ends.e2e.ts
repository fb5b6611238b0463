import { eq } from "drizzle-orm";
import { sessions } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { sessionCookieHeader } from "../factories";
import { fillApplication } from "./application-form";
import { expect, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/** The session ends while the courier types; after logging in again nothing is lost. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`session ends mid-form ${javaScriptEnabled ? "with" : "without"} JavaScript at 360 px`, () => {
    test.use({ viewport: { width: 360, height: 780 }, locale: "en-US", javaScriptEnabled });

    test("submit goes to log in, and after it the application is there with a notice", async ({ page }) => {
      test.setTimeout(120_000);
      const courier = await loginAs(page, { status: "confirmed_account", language: "en" });
      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      await fillApplication(page, { phone: "0903 123 456" });
      // The session ends (expired, or ended on another device) before the last words are typed.
      writerForTests().delete(sessions).where(eq(sessions.userId, courier.id)).run();
      await page.getByLabel("Comment").fill("I can ride evenings and weekends.");
      await page.locator('form#application button[type="submit"]').click();
      await expect(page).toHaveURL(/auth=login/, { timeout: 20_000 });

      // Logging in again (a fresh session for the same courier) brings the application back.
      const [name, value] = (await sessionCookieHeader(courier.id)).split(/=(.*)/s) as [string, string];
      await page
        .context()
        .addCookies([
          { name, value, domain: new URL(process.env.APP_URL!).hostname, path: "/", httpOnly: true, sameSite: "Lax" },
        ]);
      await page.goto("/dashboard");
      await expect(page.getByTestId("application-kept")).toContainText("your application was kept");
      await expect(page.getByLabel("Full name (as in passport)")).toHaveValue("Olena Kovalenko");
      await expect(page.getByLabel("Comment")).toHaveValue("I can ride evenings and weekends.");
      await page.screenshot({
        path: shotPath(`session-ends-${javaScriptEnabled ? "js" : "nojs"}-360`),
        fullPage: true,
      });
      // Said once.
      await page.reload();
      await expect(page.getByTestId("application-kept")).toHaveCount(0);
    });
  });
}
