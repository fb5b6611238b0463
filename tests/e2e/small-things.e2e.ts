import { expect, shotPath, test } from "./fixtures";

/** The footer's contact links are real targets; `/` names itself as canonical. */
test.describe("home page at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: "sk-SK" });

  test("mailto: and tel: links are at least 24 px tall; the canonical of `/` is `/`", async ({ page }) => {
    await page.goto("/");
    const links = page.locator('footer a[href^="mailto:"], footer a[href^="tel:"]');
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    const [mail, phone] = [(await links.nth(0).boundingBox())!, (await links.nth(1).boundingBox())!];
    // Stacked without overlapping: the two targets never share a pixel.
    expect(phone.y).toBeGreaterThanOrEqual(mail.y + mail.height);
    expect(
      new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname +
        new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).search,
    ).toBe("/");
    await page.locator("footer").screenshot({ path: shotPath("footer-targets-360") });
  });
});
