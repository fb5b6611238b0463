import type { Page } from "@playwright/test";
import { acknowledgeLegalVersions, currentLegalVersions, publishLegalDocument } from "~/models/legal-documents.server";
import { createUser } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

/** Publishes the next version of a text straight in the database, as another admin would have. */
async function publishDirectly(kind: "privacy" | "terms", language: "sk" | "ua" | "en", body: string) {
  const admin = await createUser({ role: "admin" });
  const basedOn = (await currentLegalVersions(language))[kind];
  const result = await publishLegalDocument({ kind, language, body, basedOn, actorId: admin.id });
  expect(result.ok).toBe(true);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: shotPath(name), fullPage: true });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`legal texts (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled });

    test.describe("courier at 360 px", () => {
      test.use({ viewport: { width: 360, height: 780 }, locale: "uk-UA" });

      test("reads the privacy notice in Ukrainian from the footer", async ({ page }) => {
        await page.goto("/?lng=ua");
        await page.getByRole("contentinfo").getByRole("link", { name: "Конфіденційність" }).click();
        await expect(page).toHaveURL(/\/privacy$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Повідомлення про конфіденційність");
        const text = page.locator(".legal-text");
        await expect(text.getByRole("heading", { name: "Хто відповідає за ваші дані" })).toBeVisible();
        await expect(text).toContainText("Courier Fleet s.r.o.");
        await expect(text).toContainText("Úrad na ochranu osobných údajov Slovenskej republiky");
        await expect(text).toContainText("431/2002");
        await expectNoHorizontalOverflow(page);
        await shot(page, `legal-privacy-ua-360-${mode}`);
        await page.getByRole("contentinfo").getByRole("link", { name: "Умови користування" }).click();
        await expect(page).toHaveURL(/\/terms$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Умови користування");
      });

      test("sees a new version once, and 'Got it' keeps it away", async ({ page }) => {
        // Registered when the texts in force were shown to them (as registration records).
        const courier = await loginAs(page, { language: "ua", status: "working_with_vehicle" });
        await acknowledgeLegalVersions(courier.id, "ua");
        await page.goto("/dashboard?lng=ua");
        const notice = page.getByRole("region", { name: "Нова версія юридичного тексту" });
        await expect(notice).toHaveCount(0);
        await publishDirectly("terms", "ua", `## Умови ${mode}\n\nНова версія.`);
        await page.reload();
        await expect(notice).toBeVisible();
        await expect(notice.getByRole("link", { name: "Умови користування" })).toHaveAttribute("href", "/terms");
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: shotPath(`legal-notice-ua-360-${mode}`) });
        await notice.getByRole("button", { name: "Зрозуміло" }).click();
        await expect(page).toHaveURL(/\/dashboard/);
        await expect(notice).toHaveCount(0);
        await page.reload();
        await expect(notice).toHaveCount(0);
      });
    });

    test.describe("admin at 1280 px", () => {
      test.use({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });

      test("previews and publishes a new version of the English privacy notice", async ({ page }) => {
        await loginAs(page, { role: "admin", language: "en" });
        await page.goto("/admin/dashboard?lng=en");
        await page.getByRole("link", { name: "Legal texts" }).first().click();
        await expect(page).toHaveURL(/\/admin\/legal$/);
        const row = page.getByRole("row").filter({ hasText: "Privacy notice" }).filter({ hasText: "English" });
        await row.getByRole("link", { name: "Edit" }).click();
        await expect(page).toHaveURL(/\/admin\/legal\/privacy\/en$/);
        const body = page.getByRole("textbox", { name: "Text", exact: true });
        await expect(body).toHaveValue(/Who is responsible for your data/);
        const stamp = `${mode} ${Date.now()}`;
        const line = `Changed on ${stamp}.`;
        await body.fill(`${await body.inputValue()}\n\n## Changes ${stamp}\n\n${line}`);
        await page.getByRole("button", { name: "Preview" }).click();
        const preview = page.getByRole("region", { name: "Preview (not published)" });
        await expect(preview.getByRole("heading", { name: `Changes ${stamp}` })).toBeVisible();
        await expect(preview).toContainText(line);
        await shot(page, `legal-admin-preview-1280-${mode}`);
        await page.getByRole("button", { name: /^Publish as version \d+$/ }).click();
        await expect(page.getByText(/Version \d+ is published\./)).toBeVisible();
        await expect(page.getByRole("textbox", { name: "Text", exact: true })).toHaveValue(new RegExp(line));
        await shot(page, `legal-admin-published-1280-${mode}`);
        await page.goto("/privacy?lng=en");
        await expect(page.locator(".legal-text")).toContainText(line);
        await expect(page.locator(".legal-meta")).toContainText(/Version \d+, in force since/);
      });
    });
  });
}
