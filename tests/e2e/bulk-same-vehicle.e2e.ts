import { eq } from "drizzle-orm";
import { vehicleRequests } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { courier, vehicle, vehicleRequest } from "../admin-fixtures";
import { expect, loginAs, shotPath, test } from "./fixtures";

const requestRow = (id: number) =>
  writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)).get()!;

test.use({ viewport: { width: 1280, height: 900 } });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`bulk approval of two requests for one scooter (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    test.use({ javaScriptEnabled });

    test("warns first and changes nothing; confirmed, one is approved, the other closed with a reason, the skipped row named", async ({
      page,
    }) => {
      await loginAs(page, { role: "admin", language: "en" });
      const tag = `Twin${javaScriptEnabled ? "js" : "nojs"}${Date.now() % 100000}`;
      const scooter = await vehicle({ name: `Scooter ${tag}` });
      const gone = await vehicle({ name: `Taken ${tag}`, status: "in_use" });
      const first = await vehicleRequest((await courier("applied_for_vehicle", `Anna ${tag}`)).id, scooter.id);
      const second = await vehicleRequest((await courier("applied_for_vehicle", `Oleh ${tag}`)).id, scooter.id);
      const third = await vehicleRequest((await courier("applied_for_vehicle", `Ivan ${tag}`)).id, gone.id);

      await page.goto(`/admin/vehicle-requests?q=${tag}`);
      for (const name of ["Anna", "Oleh", "Ivan"]) await page.getByLabel(`Select ${name} ${tag}`).check();
      await page.getByRole("button", { name: "Approve selected" }).click();

      const warning = page.getByTestId("same-vehicle-confirm");
      await expect(warning.getByRole("heading", { name: "These requests want the same vehicle" })).toBeVisible();
      await expect(warning).toContainText(`Scooter ${tag}: Anna ${tag} gets it; rejected: Oleh ${tag}.`);
      if (javaScriptEnabled) await expect(warning.getByRole("heading")).toBeFocused();
      else await page.screenshot({ path: shotPath("same-vehicle-confirm-nojs-1280") });
      await expect(page).toHaveURL(new RegExp(`/admin/vehicle-requests\\?q=${tag}$`));
      expect([first, second, third].map((r) => requestRow(r.id).status)).toEqual(["pending", "pending", "pending"]);

      await warning.getByRole("button", { name: "Approve anyway" }).click();
      await expect(page.getByText(/Approved: 1\./)).toBeVisible();
      await expect(
        page.getByText(new RegExp(`Rejected Oleh ${tag}: the vehicle went to another selected request`)),
      ).toBeVisible();
      await expect(
        page.getByText(new RegExp(`Skipped Ivan ${tag}: The requested vehicle is not available\\.`)),
      ).toBeVisible();
      await expect(page.getByTestId("same-vehicle-confirm")).toHaveCount(0);
      expect(requestRow(first.id).status).toBe("approved");
      expect(requestRow(second.id).status).toBe("rejected");
      expect(requestRow(second.id).reason).toBeTruthy();
      expect(requestRow(third.id).status).toBe("pending");
    });
  });
}
