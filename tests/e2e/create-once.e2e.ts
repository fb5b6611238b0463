import { eq } from "drizzle-orm";
import { serviceRecords } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../dashboard-helpers";
import { expect, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/** After "record added" the form is empty, and a second click adds nothing. */
const recordsOf = (vehicleId: number) =>
  writerForTests().select().from(serviceRecords).where(eq(serviceRecords.vehicleId, vehicleId)).all();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`service record form ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 1280, height: 900 }, locale: "en-US", javaScriptEnabled });

    test("is cleared after success; posting the same render again adds no duplicate", async ({ page }) => {
      test.setTimeout(90_000);
      await loginAs(page, { role: "admin", language: "en" });
      const vehicle = await createVehicle({ name: `Scooter Once ${Date.now().toString(36)}` });
      await page.goto(`/admin/vehicles/${vehicle.id}`);
      // With JS, type once React has hydrated the form (the machine under test is slow).
      if (javaScriptEnabled) await waitForHydration(page);
      const service = page.getByTestId("vehicle-service");
      await service.getByLabel("What was done").fill("New brake pads");
      await service.getByLabel("Cost (EUR)").fill("25");
      // The form as rendered, kept to post it a second time (what a double click or Back + resend does).
      const key = await service.locator('input[name="formKey"]').inputValue();
      await service.getByRole("button", { name: "Add the record" }).click();
      await expect(page.getByText("The service record was added.").first()).toBeVisible({ timeout: 20_000 });
      await expect(service.getByLabel("What was done")).toHaveValue("");
      await expect(service.getByLabel("Cost (EUR)")).toHaveValue("");
      expect(await service.locator('input[name="formKey"]').inputValue()).not.toBe(key);
      await page.screenshot({
        path: shotPath(`create-once-${javaScriptEnabled ? "js" : "nojs"}-1280`),
        fullPage: true,
      });

      const again = await page.request.post(`/admin/vehicles/${vehicle.id}/service`, {
        form: {
          intent: "serviceRecord",
          formKey: key,
          serviceDate: "2026-11-20",
          description: "New brake pads",
          cost: "25",
        },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(302);
      expect(recordsOf(vehicle.id)).toHaveLength(1);
    });
  });
}
