import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { createVehicle } from "../dashboard-helpers";
import { agreedRent, createUser } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

const PHONE = { width: 360, height: 780 };

async function shoot(page: Page, name: string) {
  mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(name), fullPage: true });
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`a moped (licence AM) ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("the courier sees 'Licence AM' and the rent agreement; the admin records the licence at check-out", async ({
      page,
      browser,
    }) => {
      const tag = `Moped${mode}${Date.now() % 1_000_000}`;
      const moped = await createVehicle({ name: `${tag} Urban Pro 1000`, licenceCategory: "AM" });

      // The courier's request dialog at 360 px: the licence badge and the agreement with the rent in force.
      const courierContext = await browser.newContext({ viewport: PHONE, javaScriptEnabled, locale: "en-GB" });
      const courier = await courierContext.newPage();
      try {
        await loginAs(courier, { status: "working_no_vehicle", language: "en" });
        await courier.goto("/dashboard?modal=vehicle");
        // A tick given before the page hydrates may be redrawn away; with JS the courier ticks a live page.
        if (javaScriptEnabled) await waitForHydration(courier);
        const card = courier
          .getByRole("dialog")
          .getByTestId(/^vehicle-/)
          .filter({ hasText: moped.name });
        await expect(card.getByTestId("vehicle-licence")).toContainText("Licence AM");
        await expect(courier.getByTestId("rent-agreement")).toContainText("I agree that the rent of");
        await shoot(courier, `licence-request-dialog-${mode}-360`);
        await card.getByRole("checkbox", { name: "I agree to the deductions above" }).check();
        await card.getByRole("button", { name: "Request" }).click();
        await expect(courier.getByText("Your vehicle request is waiting for approval")).toBeVisible();
      } finally {
        await courierContext.close();
      }

      // The admin at 1280 px: the fleet marks the moped; its check-out asks for the licence seen.
      await page.setViewportSize({ width: 1280, height: 900 });
      await loginAs(page, { role: "admin", language: "en" });
      await page.goto(`/admin/vehicles?q=${tag}`);
      await expect(page.getByRole("row").filter({ hasText: tag })).toContainText("Licence AM");
      const rider = await createUser({ status: "working_no_vehicle" });
      const other = await createVehicle({ name: `${tag} second`, licenceCategory: "AM" });
      await approveVehicleRequest(
        (await createUser({ role: "admin" })).id,
        (await createVehicleRequest(rider.id, other.id, await agreedRent())).id,
      );
      await page.goto(`/admin/vehicles/${other.id}/handover?kind=check_out`);
      const licence = page.getByTestId("handover-licence");
      await expect(licence).toBeVisible();
      await page.getByLabel("Battery (%)").fill("95");
      await page.getByLabel("Odometer (km)").fill("40");
      await licence.getByLabel("Category on the licence").selectOption("B");
      await licence.getByLabel("Last four characters of the licence number").fill("ab12");
      await shoot(page, `licence-checkout-form-${mode}-1280`);
      await page.getByRole("button", { name: "Save the handover" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/vehicles/${other.id}(#handovers)?$`));
      await expect(page.getByTestId("handover-licence-seen")).toHaveText(
        "Driving licence: category B, number ending …AB12",
      );
    });
  });
}
