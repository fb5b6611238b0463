import type { Browser, Page } from "@playwright/test";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";
import { png } from "../media-fixtures";

/** An anonymous visitor's home page in English: the cached copy, no cookie but the language. */
async function anonymousHome(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/?lng=en");
  return { page, close: () => context.close() };
}

async function askAssistant(page: Page, question: string, javaScriptEnabled: boolean) {
  const form = page.locator("#assistant");
  if (javaScriptEnabled) await waitForHydration(page);
  await form.getByLabel("Your question").fill(question);
  await form.getByRole("button", { name: "Ask" }).click();
  return page.getByTestId("assistant-answer");
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "with JS" : "without JS";
  test.describe(`site content (${mode})`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });

    test("an edited FAQ answer is on the cached home page at once and is the assistant's answer", async ({
      page,
      browser,
    }) => {
      const stamp = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
      // The anonymous copy of the home page exists before the edit.
      const visitor = await anonymousHome(browser, javaScriptEnabled);
      await expect(visitor.page.locator("#faq")).toContainText("Do I need a driving licence?");
      const before = await askAssistant(visitor.page, "Do I need a driving licence?", javaScriptEnabled);
      await expect(before).toContainText("AM");

      await loginAs(page, { role: "admin", language: "en" });
      await page.goto("/admin/content");
      await expect(page.getByRole("heading", { name: "Site content" })).toBeVisible();
      await page.getByRole("link", { name: "Edit Do I need a driving licence?" }).click();
      const answer = page.getByRole("group", { name: "Answer" });
      const edited = `Only the moped model needs a category AM licence (${stamp}).`;
      await answer.getByLabel("English (EN)").fill(edited);
      await page.screenshot({ path: shotPath(`content-faq-form-1280-${stamp.split("-")[0]}`), fullPage: true });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Changes saved.").first()).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/content/);

      await visitor.page.goto("/?lng=en");
      await expect(visitor.page.locator("#faq")).toContainText(edited);
      await expect(await askAssistant(visitor.page, "Do I need a driving licence?", javaScriptEnabled)).toHaveText(
        edited,
      );

      // Hidden: off the page and out of the assistant's reach; shown again: back.
      const row = page.getByRole("row").filter({ hasText: "Can I work only at weekends?" });
      await row.getByRole("button", { name: "Hide Can I work only at weekends?" }).click();
      await expect(page.getByText("Hidden from the site.").first()).toBeVisible();
      await visitor.page.goto("/?lng=en");
      await expect(visitor.page.locator("#faq")).not.toContainText("Can I work only at weekends?");
      await expect(
        await askAssistant(visitor.page, "Can I work only at weekends?", javaScriptEnabled),
      ).not.toContainText("weekends only if you like");
      await page
        .getByRole("row")
        .filter({ hasText: "Can I work only at weekends?" })
        .getByRole("button", { name: "Show Can I work only at weekends?" })
        .click();
      await expect(page.getByText("Shown on the site again.").first()).toBeVisible();

      // Order: the rent question moved up one place comes before the one it passed.
      const questions = () => page.locator("#faq tbody tr td:nth-child(2)").allInnerTexts();
      const order = await questions();
      const rentAt = order.findIndex((q) => q.includes("How is the scooter rent deducted?"));
      await page.getByRole("button", { name: "Move How is the scooter rent deducted? up" }).click();
      await expect(page.getByText("Order saved.").first()).toBeVisible();
      const moved = await questions();
      expect(moved[rentAt - 1]).toContain("How is the scooter rent deducted?");
      await visitor.page.goto("/?lng=en");
      const home = await visitor.page.locator("#faq summary").allInnerTexts();
      expect(home.indexOf("How is the scooter rent deducted?")).toBe(
        home.indexOf(order[rentAt - 1]!.split("\n")[0]!.trim()) - 1,
      );
      await page.getByRole("button", { name: "Move How is the scooter rent deducted? down" }).click();
      await expect(page.getByText("Order saved.").first()).toBeVisible();

      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`content-list-1280-${stamp.split("-")[0]}`), fullPage: true });
      await page.getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByRole("link", { name: "Potrebujem vodičský preukaz?" }).first()).toBeVisible();
      await visitor.close();
    });

    test("a fleet model's specification, licence and picture, and a new partner's logo, reach the home page", async ({
      page,
      browser,
    }) => {
      const stamp = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
      await loginAs(page, { role: "admin", language: "en" });
      await page.goto("/admin/content");
      await page.getByRole("link", { name: "Edit City Go 900" }).click();
      const spec = `900 W motor, top speed 25 km/h (${stamp})`;
      await page.getByRole("group", { name: "Specification" }).getByLabel("English (EN)").fill(spec);
      await page.getByLabel("Replace the picture").setInputFiles({
        name: "city-go.png",
        mimeType: "image/png",
        buffer: Buffer.from(await png(320, 240)),
      });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Changes saved.").first()).toBeVisible();

      await page.getByRole("link", { name: "Add a partner" }).click();
      const partner = `Partner ${stamp}`;
      await page.getByLabel("Name").fill(partner);
      await page.getByLabel("Link").fill("https://example.com");
      await page.getByLabel("Logo").setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from(await png(140, 40)),
      });
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Changes saved.").first()).toBeVisible();
      await page.screenshot({ path: shotPath(`content-list-fleet-1280-${stamp.split("-")[0]}`), fullPage: true });

      const visitor = await anonymousHome(browser, javaScriptEnabled);
      const card = visitor.page.locator(".home-fleet-card").filter({ hasText: "City Go 900" });
      await expect(card).toContainText(spec);
      await expect(card.locator("img")).toHaveAttribute("src", /^\/media\/\d+$/);
      await expect(card).not.toContainText("Licence AM");
      // The moped of CONTRACT §8 carries its licence under its name.
      const moped = visitor.page.locator(".home-fleet-card").filter({ hasText: "Urban Pro 1000" });
      await expect(moped.locator(".home-fleet-licence")).toHaveText("Licence AM");
      const logo = visitor.page.locator("#partners").getByRole("img", { name: partner });
      await expect(logo).toBeVisible();
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await visitor.page.locator("#fleet").scrollIntoViewIfNeeded();
      await visitor.page.screenshot({ path: shotPath(`content-home-fleet-1280-${stamp.split("-")[0]}`) });
      await visitor.close();

      // Hidden again: the partner leaves the home page (and the demo's partners are as they were).
      await page.goto("/admin/content#partners");
      await page.getByRole("button", { name: `Hide ${partner}` }).click();
      await expect(page.getByText("Hidden from the site.").first()).toBeVisible();
      const later = await anonymousHome(browser, javaScriptEnabled);
      await expect(later.page.locator("#partners")).not.toContainText(partner);
      await expect(later.page.locator("#partners li")).toHaveCount(3);
      await later.close();

      // The same list on a phone: stacked cards, nothing wider than the screen.
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto("/admin/content#fleet");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`content-list-360-${stamp.split("-")[0]}`) });
    });
  });
}

test.describe("the operator's facts on the home page", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a Ukrainian visitor reads the facts and the assistant answers them", async ({ page }) => {
    await page.goto("/?lng=ua");
    const faq = page.locator("#faq");
    await expect(faq).toContainText("Чи потрібна živnosť (ФОП, підприємницька діяльність)?");
    await expect(faq).toContainText("Чи потрібен громадянину України дозвіл на роботу?");
    await expect(faq).not.toContainText("{{");
    await waitForHydration(page);
    const form = page.locator("#assistant");
    await form.getByRole("textbox").fill("Як утримується оренда скутера?");
    await form.getByRole("button").click();
    await expect(page.getByTestId("assistant-answer")).toContainText("5,00");
    await expect(page.getByTestId("assistant-answer")).toContainText("письмової згоди");
    await expect(page.locator(".home-fleet-card .home-fleet-licence").first()).toHaveText("Посвідчення AM");
    await expectNoHorizontalOverflow(page);
    await page.locator("#fleet").scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath("content-home-fleet-ua-360") });
    await faq.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath("content-home-faq-ua-360"), fullPage: false });
  });
});
