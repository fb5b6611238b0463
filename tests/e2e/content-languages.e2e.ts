import { eq } from "drizzle-orm";
import { vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../dashboard-helpers";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

/** Vehicle specs and news in the reader's language, with the admin's "missing in UA" markers. */
test.describe("content in three languages", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a Ukrainian courier's vehicle modal shows the Ukrainian specs, or the Slovak ones where none exist", async ({
    page,
  }) => {
    await loginAs(page, { status: "working_no_vehicle", language: "ua" });
    const translated = await createVehicle({ name: `Трёх ${Date.now().toString(36)}` });
    const slovakOnly = await createVehicle({ name: `Len SK ${Date.now().toString(36)}` });
    writerForTests()
      .update(vehicles)
      .set({ characteristicsSk: "Motor 900 W, len po slovensky", characteristicsUa: null, characteristicsEn: null })
      .where(eq(vehicles.id, slovakOnly.id))
      .run();

    await page.goto("/dashboard?modal=vehicle");
    const dialog = page.getByRole("dialog");
    const card = dialog.getByTestId(`vehicle-${translated.id}`);
    await expect(card.locator(".vehicle-spec")).toHaveText("1000 Вт, запас ходу до 80 км");
    await expect(card.locator(".vehicle-spec")).toHaveAttribute("lang", "uk");
    await expect(dialog).not.toContainText("range up to 80 km");
    const fallback = dialog.getByTestId(`vehicle-${slovakOnly.id}`).locator(".vehicle-spec");
    await expect(fallback).toHaveText("Motor 900 W, len po slovensky");
    await expect(fallback).toHaveAttribute("lang", "sk");
    await expectNoHorizontalOverflow(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath("vehicle-modal-ua-360") });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: shotPath("vehicle-modal-ua-1280") });
  });

  test("the home page's demo news are Ukrainian on the Ukrainian page", async ({ page }) => {
    await page.goto("/?lng=ua");
    const news = page.locator("#news");
    await expect(news.locator("article h3").filter({ hasText: "Нові скутери у флоті" })).toBeVisible();
    await expect(news).toContainText("Виплати щотижня");
    await expect(news).not.toContainText("New scooters in the fleet");
    await expect(news).not.toContainText("Nové skútre");
    await expect(news).not.toContainText(" / ");
    await expectNoHorizontalOverflow(page);
  });

  test("an admin saves a vehicle in Slovak only and sees it is missing in UA and EN", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const serial = `E2E-LANG-${Date.now().toString(36)}`;
    await page.goto("/admin/vehicles/new");
    await page.getByLabel("Name").fill("Kugoo Kirin G2");
    await page.getByLabel("Serial number").fill(serial);
    const specs = page.getByRole("group", { name: "Characteristics" });
    await specs.getByLabel("Slovak (SK)").fill("Motor 1000 W, dojazd až 80 km");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Kugoo Kirin G2" })).toBeVisible();
    await expect(specs.getByTestId("missing-ua")).toHaveText("Missing in UA");
    await expect(specs.getByTestId("missing-en")).toHaveText("Missing in EN");
    await expectNoHorizontalOverflow(page);
    await specs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath("admin-vehicle-form-360") });
    const formUrl = page.url();

    await page.goto(`/admin/vehicles?q=${serial}`);
    const row = page.getByRole("row").filter({ hasText: serial });
    await expect(row.getByTestId("missing-ua")).toHaveText("Missing in UA");
    await expect(row.getByTestId("missing-en")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath("admin-vehicle-list-360"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: shotPath("admin-vehicle-list-1280"), fullPage: true });
    await page.goto(formUrl);
    await page.screenshot({ path: shotPath("admin-vehicle-form-1280"), fullPage: true });

    await specs.getByLabel("Ukrainian (UA)").fill("Двигун 1000 Вт, запас ходу до 80 км");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Changes saved.").first()).toBeVisible();
    await expect(specs.getByTestId("missing-ua")).toHaveCount(0);
    await expect(specs.getByTestId("missing-en")).toBeVisible();
    const saved = writerForTests().select().from(vehicles).where(eq(vehicles.serialNumber, serial)).get()!;
    expect([saved.characteristicsSk, saved.characteristicsUa, saved.characteristicsEn]).toEqual([
      "Motor 1000 W, dojazd až 80 km",
      "Двигун 1000 Вт, запас ходу до 80 км",
      null,
    ]);
  });
});
