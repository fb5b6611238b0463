import type { Locator } from "@playwright/test";
import { expect, shotPath, test } from "./fixtures";

// Going offline makes the browser log each refused request.
test.use({
  allowedConsoleErrors: [
    /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch manifest patches|^TypeError: Failed to fetch(?! dynamically)/,
  ],
});

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

for (const width of [360, 1280]) {
  test(`the network toast never covers the header's language links at ${width} px`, async ({ page, context }) => {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await page.goto("/?lng=en");
    await page.waitForLoadState("networkidle");
    const switcher = page.locator(".site-header .lang-switch").first();
    await context.setOffline(true);
    await switcher.getByRole("link", { name: "SK" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "A network error occurred" }).first();
    await expect(toast).toBeVisible();
    // Measured once the toast's entrance animation (if any runs) has finished; not its subtree's, whose
    // progress bar runs until the toast closes.
    await toast.evaluate((el) =>
      Promise.all((el.closest(".Toastify__toast") ?? el).getAnimations().map((animation) => animation.finished)),
    );
    await page.screenshot({ path: shotPath(`toast-position-${width}`) });
    for (const link of await switcher.getByRole("link").all()) expect(await overlaps(toast, link)).toBe(false);
    // The links still take a click while the toast is up.
    await context.setOffline(false);
    await switcher.getByRole("link", { name: "SK" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "sk");
  });
}
