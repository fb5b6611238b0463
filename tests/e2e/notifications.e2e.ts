import { eq } from "drizzle-orm";
import { newsPosts } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { expect, loginAs, test } from "./fixtures";

const TITLE = "Oznam pre kuriérov";

async function saveNewsPost(page: import("@playwright/test").Page) {
  await page.goto("/admin/news/new");
  await page.getByRole("group", { name: "Nadpis" }).getByLabel("Slovensky (SK)").fill(TITLE);
  await page.getByRole("group", { name: "Obsah" }).getByLabel("Slovensky (SK)").fill("Od pondelka máme nové skútre.");
  await page.getByRole("button", { name: "Uložiť" }).click();
}

test.describe("notifications", () => {
  // The saved post would stay on the home page's first news page for every later journey of this worker.
  test.afterEach(async () => {
    await writerForTests().delete(newsPosts).where(eq(newsPosts.titleSk, TITLE));
  });

  test("a server flash becomes a toast: top-right, role alert, Alt+T focuses it, Escape returns", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "sk" });
    await saveNewsPost(page);
    const region = page.getByRole("region", { name: "Notifications Alt+T" });
    const toast = region.getByRole("alert").filter({ hasText: "Zmeny boli uložené." });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.y).toBeLessThan(120);
    await expect(region.getByRole("button", { name: /close/i })).toBeVisible();
    await page.keyboard.press("Alt+t");
    await expect(toast).toBeFocused();
    await page.keyboard.press("Escape");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the flash message is shown as plain HTML with role alert", async ({ page }) => {
      await loginAs(page, { role: "admin", language: "sk" });
      await saveNewsPost(page);
      await expect(page.getByRole("alert").filter({ hasText: "Zmeny boli uložené." })).toBeVisible();
    });
  });
});
