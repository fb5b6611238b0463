import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { DEMO_COMPANY } from "~db/seed-content";
import { setCompanyProfile } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });

async function shots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: shotPath(`${name}-${width}`), fullPage: true });
    if (width === 360) await expectNoHorizontalOverflow(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The operator states its company (docs/operator.md): an admin at 1280 px fills the company profile,
 * a wrong IČO is refused with the typed values kept, the save shows at once in the footer a visitor
 * gets (the cached home page too), and a save over another admin's is refused without losing what was
 * typed. Once with JavaScript, once without. The demo profile is put back after each run.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`company profile (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({
      javaScriptEnabled,
      viewport: { width: 1280, height: 900 },
      locale: "en-GB",
      // Without JS a refused post is a page answered 400 or 409, which the browser notes in its console.
      allowedConsoleErrors: [/status of 40[09]/],
    });
    test.afterEach(() => setCompanyProfile(DEMO_COMPANY));

    test("the admin fills the profile; the footer changes at once", async ({ page, browser }) => {
      const mode = javaScriptEnabled ? "js" : "nojs";
      const legalName = javaScriptEnabled ? "Flotila Východ s.r.o." : "Flotila Západ s.r.o.";
      await setCompanyProfile(DEMO_COMPANY);
      // A visitor's home page, kept in the page cache.
      const visitor = await browser.newContext({ javaScriptEnabled: false });
      const before = await visitor.request.get("/?lng=en").then((r) => r.text());
      expect(before).toContain("Courier Fleet s.r.o.");

      await loginAs(page, { role: "admin", language: "en" });
      await page.goto("/admin/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("link", { name: "Company profile" }).first().click();
      await expect(page).toHaveURL(/\/admin\/settings\/company$/);
      await expect(page.getByRole("heading", { name: "Company profile", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Legal name")).toHaveValue("Courier Fleet s.r.o.");
      await expect(page.getByLabel("Company ID (IČO)")).toHaveValue("55 123 456");
      if (javaScriptEnabled) await waitForHydration(page);

      // A wrong IČO: refused, the field says why, what was typed stays.
      await page.getByLabel("Legal name").fill(legalName);
      await page.getByLabel("Company ID (IČO)").fill("55 123 456");
      await page.getByRole("button", { name: "Save the company profile" }).click();
      await expect(page.getByText("This is not a valid IČO")).toBeVisible();
      await expect(page.getByLabel("Legal name")).toHaveValue(legalName);
      if (javaScriptEnabled) await shots(page, `company-profile-error-${mode}`);

      await page.getByLabel("Company ID (IČO)").fill("35 763 469");
      await page.getByLabel("Support phone").fill("+421 55 987 6543");
      await page.getByRole("button", { name: "Save the company profile" }).click();
      await expect(page.getByText("Company profile saved.")).toBeVisible();
      await expect(page.getByLabel("Legal name")).toHaveValue(legalName);
      await expect(page.getByLabel("Company ID (IČO)")).toHaveValue("35 763 469");
      await shots(page, `company-profile-${mode}`);

      // The visitor's next home page has the new company, its IČO and its phone link.
      const after = await visitor.request.get("/?lng=en").then((r) => r.text());
      expect(after).toContain(legalName);
      expect(after).toContain("Company ID (IČO): 35 763 469");
      expect(after).toContain('href="tel:+421559876543"');
      expect(after).not.toContain("Courier Fleet s.r.o.");
      await visitor.close();
      await page.goto("/?lng=en");
      const footer = page.getByTestId("site-footer");
      await expect(footer).toContainText(legalName);
      await expect(footer.getByRole("link", { name: "+421 55 987 6543" })).toHaveAttribute("href", "tel:+421559876543");
      await footer.screenshot({ path: shotPath(`company-footer-${mode}-1280`) });
    });

    test("a save over another admin's is refused and keeps what was typed; an incomplete profile asks to finish", async ({
      page,
    }) => {
      const mode = javaScriptEnabled ? "js" : "nojs";
      await setCompanyProfile({ legalName: "Nová Flotila s.r.o.", email: "kontakt@novaflotila.sk" });
      await loginAs(page, { role: "admin", language: "en" });
      await page.goto("/admin/dashboard");
      const banner = page.getByTestId("finish-setting-up");
      await expect(banner).toContainText("Finish setting up");
      await expect(banner).toContainText("Registered address, IČO, Register entry, Support phone");
      if (javaScriptEnabled) await shots(page, "company-finish-setting-up");
      await banner.getByRole("link", { name: "Complete the company profile" }).click();
      await expect(page).toHaveURL(/\/admin\/settings\/company$/);
      if (javaScriptEnabled) await waitForHydration(page);

      await page.getByLabel("Registered address").fill("Hlavná 1, 040 01 Košice");
      await page.getByLabel("Company ID (IČO)").fill("35763469");
      await page
        .getByLabel("Register entry")
        .fill("Obchodný register Mestského súdu Košice, oddiel Sro, vložka č. 1234/V");
      await page.getByLabel("Support phone").fill("+421 55 123 4567");
      await page.getByLabel("Account holder").fill("Nova Flotila s.r.o.");
      await page.getByLabel("IBAN").fill("SK31 1200 0000 1987 4263 7541");
      // Another admin saves meanwhile.
      await setCompanyProfile({ ...DEMO_COMPANY, phone: "+421 2 9999 0000" }, 7);
      await page.getByRole("button", { name: "Save the company profile" }).click();
      await expect(page.getByRole("alert")).toContainText("Another admin saved the company profile");
      await expect(page.getByLabel("Registered address")).toHaveValue("Hlavná 1, 040 01 Košice");
      await expect(page.getByLabel("IBAN")).toHaveValue("SK31 1200 0000 1987 4263 7541");
      // The other admin's profile is complete: nothing left to finish.
      await expect(page.getByTestId("finish-setting-up")).toHaveCount(0);
      if (javaScriptEnabled) await shots(page, `company-conflict-${mode}`);
      // Saving again now keeps this admin's values.
      await page.getByRole("button", { name: "Save the company profile" }).click();
      await expect(page.getByText("Company profile saved.")).toBeVisible();
      await expect(page.getByLabel("Legal name")).toHaveValue("Nová Flotila s.r.o.");
      await expect(page.getByLabel("Support phone")).toHaveValue("+421 55 123 4567");
      await expect(page.getByTestId("finish-setting-up")).toHaveCount(0);
    });
  });
}
