import { getPendingHandover, recordHandover } from "~/models/handovers.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { createVehicle } from "../dashboard-helpers";
import { agreedRent, createUser } from "../factories";
import { expect, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/** A courier disagrees with the damage recorded at a handover; the note opens a conversation. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`handover dispute ${javaScriptEnabled ? "with" : "without"} JavaScript at 360 px`, () => {
    test.use({ viewport: { width: 360, height: 780 }, locale: "uk-UA", javaScriptEnabled });

    test("'I disagree' with a note: the card goes, the conversation is in my reports", async ({ page }) => {
      test.setTimeout(90_000);
      const courier = await loginAs(page, { status: "working_no_vehicle", language: "ua" });
      const admin = await createUser({ role: "admin" });
      const vehicle = await createVehicle({ name: `Scooter Dispute ${Date.now().toString(36)}` });
      await approveVehicleRequest(
        admin.id,
        (await createVehicleRequest(courier.id, vehicle.id, await agreedRent())).id,
      );
      const pending = (await getPendingHandover(vehicle.id, "check_out"))!;
      await recordHandover(
        admin.id,
        pending.handover.id,
        { batteryPercent: 80, odometerKm: 12, damages: { deck: "dent" }, note: null },
        [],
      );

      await page.goto("/dashboard");
      if (javaScriptEnabled) await waitForHydration(page);
      const card = page.getByTestId("confirm-check_out");
      await card.getByText("Я не погоджуюся").click();
      await card.getByLabel("Що не так?").fill("Вм'ятина на деці була ще до того, як я взяв скутер.");
      await page.screenshot({
        path: shotPath(`handover-dispute-${javaScriptEnabled ? "js" : "nojs"}-360`),
        fullPage: true,
      });
      await card.getByRole("button", { name: "Надіслати незгоду" }).click();
      await expect(page.getByTestId("confirm-check_out")).toHaveCount(0, { timeout: 20_000 });
      await expect(page.getByText("Вм'ятина на деці була ще до того, як я взяв скутер.").first()).toBeVisible();
    });
  });
}
