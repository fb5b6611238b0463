import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { vehicles } from "~db/schema";
import { setClockOffset } from "~/infra/clock.server";
import { writerForTests } from "~/infra/db.server";
import { createVehicleRequest } from "~/models/vehicle-requests.server";
import { createVehicle } from "../dashboard-helpers";
import { agreedRent } from "../factories";
import { png } from "../media-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;
const PHONE = { width: 360, height: 780 };
const ZONE = "Europe/Bratislava";
/** How the admin pages (en-GB) and the courier's dashboard (en) write a date. */
const adminDate = (d: Date) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: ZONE }).format(d);
const courierDate = (d: Date) => new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: ZONE }).format(d);
const leaseEnd = (vehicleId: number) =>
  writerForTests().select({ end: vehicles.leaseEndsAt }).from(vehicles).where(eq(vehicles.id, vehicleId)).get()!.end!;

/** Screenshots of a new screen at 360 and 1280 px; the page is back at 360 px afterwards. */
async function shoot(page: Page, name: string) {
  mkdirSync(process.env.E2E_SHOTS ?? "test-results/screens", { recursive: true });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: shotPath(`${name}-360`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shotPath(`${name}-1280`), fullPage: true });
  await page.setViewportSize(PHONE);
}

async function recordHandover(
  page: Page,
  vehicleId: number,
  kind: "check-out" | "check-in",
  values: { battery: string; km: string; photos?: number; brakes?: string },
) {
  await page.goto(`/admin/vehicles/${vehicleId}`);
  await page.getByRole("link", { name: `Record the ${kind}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    kind === "check-out" ? "Check-out of" : "Check-in of",
  );
  await page.getByLabel("Battery (%)").fill(values.battery);
  await page.getByLabel("Odometer (km)").fill(values.km);
  if (values.brakes) await page.getByLabel("Brakes").selectOption(values.brakes);
  if (values.photos) {
    const files = [];
    for (let i = 0; i < values.photos; i++)
      files.push({ name: `side-${i}.png`, mimeType: "image/png", buffer: Buffer.from(await png(320 + i, 240)) });
    await page.locator('input[name="photos"]').setInputFiles(files);
  }
  if (kind === "check-out") await shoot(page, "admin-handover-form");
  await page.getByRole("button", { name: "Save the handover" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/vehicles/${vehicleId}(#handovers)?$`));
}

async function confirmOnDashboard(courier: Page, kind: "check_out" | "check_in") {
  await courier.goto("/dashboard");
  const card = courier.getByTestId(`confirm-${kind}`);
  await expect(card.getByRole("heading", { name: "Please confirm the handover" })).toBeVisible();
  return card;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a full lease at 360 px, the courier ${javaScriptEnabled ? "with" : "without"} JS`, () => {
    test.use({ viewport: PHONE });

    test("check-out, renewal by the test clock, check-in with new damage", async ({ page, browser }) => {
      test.setTimeout(90_000);
      const courierContext = await browser.newContext({ viewport: PHONE, javaScriptEnabled, locale: "en-GB" });
      const courier = await courierContext.newPage();
      try {
        await loginAs(page, { role: "admin", language: "en" });
        const courierUser = await loginAs(courier, { status: "working_no_vehicle", language: "en" });
        const tag = `Lease${javaScriptEnabled ? "Js" : "NoJs"}${Date.now() % 1_000_000}`;
        const vehicle = await createVehicle({ name: tag });
        await createVehicleRequest(courierUser.id, vehicle.id, await agreedRent());

        // The admin approves the courier's vehicle request in the queue.
        await page.goto(`/admin/vehicle-requests?q=${tag}`);
        await page.getByRole("button", { name: "Approve", exact: true }).click();
        await expect(page.getByText("Approved. The user has been notified by e-mail.")).toBeVisible();
        const firstEnd = leaseEnd(vehicle.id);

        // Check-out: battery, km, two photos, no damage.
        await recordHandover(page, vehicle.id, "check-out", { battery: "90", km: "120", photos: 2 });
        const history = page.getByTestId("handovers");
        await expect(history.getByTestId("handover-check_out")).toContainText("Waiting for the courier's confirmation");
        await expect(history.getByRole("img", { name: /Handover photo/ })).toHaveCount(2);

        // The courier confirms it on the dashboard.
        const checkOut = await confirmOnDashboard(courier, "check_out");
        await expect(checkOut).toContainText("Battery: 90 %");
        await expect(checkOut).toContainText("Odometer: 120 km");
        await expect(checkOut).toContainText("No damage recorded.");
        await expect(checkOut.getByRole("img", { name: /Handover photo/ })).toHaveCount(2);
        await shoot(courier, `dashboard-handover-confirm-${javaScriptEnabled ? "js" : "nojs"}`);
        await checkOut.getByRole("button", { name: "I confirm the handover" }).click();
        await expect(courier.getByTestId("confirm-check_out")).toHaveCount(0);
        await expect(courier.getByText(`Lease ends on ${courierDate(firstEnd)}`).first()).toBeVisible();
        await expect(courier.getByRole("button", { name: "Ask to renew the lease" })).toHaveCount(0);

        // Four days before the end by the server's clock (moved, not waited for), the courier asks to renew.
        setClockOffset(firstEnd.getTime() - 4 * DAY - Date.now());
        await courier.goto("/dashboard");
        await expect(courier.getByTestId("renewal")).toBeVisible();
        await shoot(courier, `dashboard-renewal-${javaScriptEnabled ? "js" : "nojs"}`);
        await courier.getByRole("button", { name: "Ask to renew the lease" }).click();
        await expect(courier.getByTestId("renewal-pending")).toBeVisible();

        // The admin approves the renewal in the queue; the new end is one lease length after the old one.
        await page.goto(`/admin/vehicle-requests?q=${tag}`);
        const row = page.getByRole("row").filter({ hasText: "Lease renewal" });
        await expect(row).toContainText(`lease ends ${adminDate(firstEnd)}`);
        await shoot(page, "admin-queue-renewal");
        await row.getByRole("button", { name: "Approve", exact: true }).click();
        await expect(page.getByText("Approved. The user has been notified by e-mail.")).toBeVisible();
        const renewedEnd = new Date(firstEnd.getTime() + 30 * DAY);
        expect(leaseEnd(vehicle.id).getTime()).toBe(renewedEnd.getTime());
        const lease = page.getByRole("row").filter({ hasText: tag });
        await expect(lease).toContainText(adminDate(renewedEnd));
        await courier.goto("/dashboard");
        await expect(courier.getByTestId("status-working_with_vehicle")).toContainText(
          `Lease ends on ${courierDate(renewedEnd)}`,
        );

        // The admin ends the lease and records the check-in with broken brakes: flagged as new.
        await lease.getByRole("link", { name: "End lease" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "End lease" }).click();
        await expect(page.getByText("Lease ended; the vehicle is available again.")).toBeVisible();
        await recordHandover(page, vehicle.id, "check-in", { battery: "35", km: "410", photos: 1, brakes: "broken" });
        await expect(page.getByText("Handover recorded. New damage: Brakes.")).toBeVisible();
        const checkInEntry = page.getByTestId("handovers").getByTestId("handover-check_in");
        await expect(checkInEntry.getByTestId("new-damage")).toContainText("Brakes: No damage → Broken");
        await shoot(page, "admin-vehicle-handovers");

        // The courier sees the comparison and confirms the check-in.
        const checkIn = await confirmOnDashboard(courier, "check_in");
        await expect(checkIn.getByTestId("new-damage")).toContainText("Brakes: No damage → Broken");
        await expect(checkIn).toContainText("Odometer: 410 km");
        await shoot(courier, `dashboard-checkin-confirm-${javaScriptEnabled ? "js" : "nojs"}`);
        await checkIn.getByRole("button", { name: "I confirm the handover" }).click();
        await expect(courier.getByTestId("confirm-check_in")).toHaveCount(0);

        // The vehicle page shows both handovers, each confirmed.
        await page.goto(`/admin/vehicles/${vehicle.id}`);
        const both = page.getByTestId("handovers");
        await expect(both.getByTestId("handover-check_out")).toContainText("Confirmed by the courier");
        await expect(both.getByTestId("handover-check_in")).toContainText("Confirmed by the courier");
        await expect(both.getByTestId("handover-check_in").getByTestId("new-damage")).toBeVisible();
      } finally {
        setClockOffset(0);
        await courierContext.close();
      }
    });
  });
}
