import { createUser, TEST_PASSWORD } from "../factories";
import { expect, expectNoHorizontalOverflow, shotPath, test } from "./fixtures";

/**
 * Without JavaScript the log-in form's answer is a page of its own (/auth/login): its dialog sits in the
 * page, above the footer, and an empty anti-spam answer asks for the answer (no word of reCAPTCHA).
 */
test.describe("log-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400/] });

  for (const width of [360, 1280])
    test(`an empty anti-spam answer is asked for, and the dialog leaves the footer clear (${width} px)`, async ({
      page,
    }) => {
      const user = await createUser();
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/?auth=login&lng=en");
      await page.locator("input[name=email]").fill(user.email);
      await page.locator("input[name=password]").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Log in" }).last().click();
      await expect(page).toHaveURL(/\/auth\/login/);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("Please answer the anti-spam question.")).toBeVisible();
      await expect(page.getByText(/reCAPTCHA/)).toHaveCount(0);
      const box = (await dialog.boundingBox())!;
      const footer = (await page.getByRole("contentinfo").boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(footer.y);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`auth-nojs-login-answer-${width}`), fullPage: true });
    });
});
