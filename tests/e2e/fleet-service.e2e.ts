import { eq } from "drizzle-orm";
import { serviceRecords, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { maintenanceTile } from "~/models/maintenance.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { addVehicleProblem } from "~/models/vehicles.server";
import { agreedRent, createUser } from "../factories";
import { createVehicle } from "../dashboard-helpers";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

/** A vehicle sent to service from a problem report, and back. */
const vehicleOf = (id: number) => writerForTests().select().from(vehicles).where(eq(vehicles.id, id)).get()!;
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test.describe("a vehicle sent to service from a problem report", () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: "en-US" });

  test("courier reports, admin sends it to service, it is not requestable, the tile counts it, the service is completed", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const courier = await loginAs(page, { status: "working_no_vehicle", language: "en" });
    const admin = await createUser({ role: "admin" });
    const vehicle = await createVehicle({ name: unique("Scooter Brakes") });
    await approveVehicleRequest(admin.id, (await createVehicleRequest(courier.id, vehicle.id, await agreedRent())).id);

    // The courier reports a problem.
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Report a problem" }).click();
    const dialog = page.getByRole("dialog");
    const problem = unique("The front brake does not grip in the rain.");
    await dialog.getByLabel("What happened?").fill(problem);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Report sent.").first()).toBeVisible();

    // The admin sends the vehicle to service from the report.
    const adminContext = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "en-US" });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, { role: "admin", language: "en" });
    // Searched by its text: earlier journeys of this worker leave open reports of their own.
    await adminPage.goto(`/admin/problem-reports?q=${encodeURIComponent(problem)}`);
    await adminPage.getByRole("link", { name: problem }).click();
    const report = adminPage.getByRole("dialog");
    await report.getByLabel("What needs doing").fill("Replace the front brake pads");
    await expectNoHorizontalOverflow(adminPage);
    await adminPage.screenshot({ path: shotPath("service-report-360"), fullPage: true });
    await report.getByRole("button", { name: "Send vehicle to service" }).click();
    await expect(adminPage.getByText("The vehicle was sent to service.").first()).toBeVisible();
    await expect(adminPage.getByTestId("report-in-service")).toBeVisible();
    expect(vehicleOf(vehicle.id)).toMatchObject({ status: "maintenance", assignedUserId: courier.id });

    // The vehicle page shows it in service with the record linked to the report.
    await adminPage.goto(`/admin/vehicles/${vehicle.id}`);
    const service = adminPage.getByTestId("vehicle-service");
    await expect(service.getByText("In service").first()).toBeVisible();
    const record = writerForTests()
      .select()
      .from(serviceRecords)
      .where(eq(serviceRecords.vehicleId, vehicle.id))
      .get()!;
    await expect(service.getByTestId(`service-record-${record.id}`)).toContainText("Replace the front brake pads");
    await expect(service.getByTestId(`service-record-${record.id}`)).toContainText(
      `From problem report #${record.problemReportId}`,
    );
    await expectNoHorizontalOverflow(adminPage);
    await adminPage.screenshot({ path: shotPath("service-vehicle-360"), fullPage: true });
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.screenshot({ path: shotPath("service-vehicle-1280"), fullPage: true });
    await adminPage.setViewportSize({ width: 360, height: 780 });

    // The courier keeps it, marked in service; another courier cannot request it.
    await page.goto("/dashboard");
    await expect(page.getByTestId("vehicle-in-service")).toBeVisible();
    const otherContext = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "en-US" });
    const other = await otherContext.newPage();
    await loginAs(other, { status: "working_no_vehicle", language: "en" });
    await other.goto("/dashboard?modal=vehicle");
    await expect(other.getByRole("dialog")).toBeVisible();
    await expect(other.getByRole("dialog").getByText(vehicle.name)).toHaveCount(0);
    await otherContext.close();

    // The dashboard tile counts vehicles in service and services due.
    const tile = await maintenanceTile();
    expect(tile.inService).toBeGreaterThanOrEqual(1);
    await adminPage.goto("/admin");
    await expect(adminPage.getByTestId("tile-maintenance")).toContainText(`${tile.inService} / ${tile.due}`);
    await adminPage.getByTestId("tile-maintenance").click();
    await expect(adminPage.getByRole("link", { name: vehicle.name })).toBeVisible();

    // Service done: back in operation, still with its courier.
    await adminPage.goto(`/admin/vehicles/${vehicle.id}`);
    await adminPage.getByRole("button", { name: "Service done — back in operation" }).click();
    await expect(adminPage.getByText("The vehicle is back in operation.").first()).toBeVisible();
    expect(vehicleOf(vehicle.id)).toMatchObject({ status: "in_use", assignedUserId: courier.id });
    await adminContext.close();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 }, locale: "sk-SK" });

  test("the admin sends a free vehicle to service from its report and completes it: available again", async ({
    page,
  }) => {
    const admin = await loginAs(page, { role: "admin", language: "sk" });
    const vehicle = await createVehicle({ name: unique("Scooter Lamp") });
    const reportId = await addVehicleProblem(admin.id, vehicle.id, "Zadné svetlo nesvieti.");
    await page.goto(`/admin/problem-reports?status=all&report=${reportId}`);
    const form = page.getByTestId("to-service-form");
    await expect(form.getByLabel("Čo treba urobiť")).toHaveValue("Zadné svetlo nesvieti.");
    await form.getByRole("button", { name: "Poslať vozidlo do servisu" }).click();
    await expect(page.getByTestId("report-in-service")).toBeVisible();
    expect(vehicleOf(vehicle.id).status).toBe("maintenance");

    await page.goto(`/admin/vehicles/${vehicle.id}`);
    const service = page.getByTestId("vehicle-service");
    await expect(service.getByText("V servise").first()).toBeVisible();
    // A record of work done with its cost and the next service, then the odometer.
    await service.getByLabel("Čo sa robilo").fill("Nová žiarovka");
    await service.getByLabel("Cena (EUR)").fill("4,50");
    await service.getByLabel("Ďalší servis pri km").fill("5000");
    await service.getByRole("button", { name: "Pridať záznam" }).click();
    await expect(page.getByTestId("vehicle-service")).toContainText("4,50");
    await page.getByTestId("vehicle-service").getByLabel("Stav tachometra (km)").fill("4950");
    await page.getByTestId("vehicle-service").getByRole("button", { name: "Zapísať stav" }).click();
    await expect(page.getByTestId("vehicle-service")).toContainText("Servis čoskoro");
    await page
      .getByTestId("vehicle-service")
      .getByRole("button", { name: "Servis hotový — späť do prevádzky" })
      .click();
    await expect(page.getByTestId("vehicle-service").getByText("Dostupné").first()).toBeVisible();
    expect(vehicleOf(vehicle.id).status).toBe("available");
    await expectNoHorizontalOverflow(page);
  });
});
