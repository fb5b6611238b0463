import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, problemReports, serviceRecords, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { agreedRent, createUser, getUserRow, refusalKey } from "../../tests/factories";
import {
  addServiceRecord,
  completeService,
  listServiceRecords,
  maintenanceTile,
  MaintenanceError,
  putVehicleInService,
  sendReportVehicleToService,
  recordOdometer,
  vehiclesWithServiceDue,
} from "./maintenance.server";
import { approveVehicleRequest, createVehicleRequest, listRequestableVehicles } from "./vehicle-requests.server";

const DAY = 24 * 60 * 60 * 1000;
const admin = await createUser({ role: "admin" });
const vehicleOf = async (id: number) => (await writerForTests().select().from(vehicles).where(eq(vehicles.id, id)))[0]!;
const audits = async (action: string, vehicleId: number) =>
  await writerForTests()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, vehicleId)));

describe("service from a problem report", () => {
  test("the vehicle goes in service with an open record linked to the report; the courier keeps it; done → in use again", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const vehicle = await createVehicle();
    await writerForTests()
      .update(vehicles)
      .set({ status: "in_use", assignedUserId: courier.id, leaseEndsAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(vehicles.id, vehicle.id));
    const report = (
      await writerForTests()
        .insert(problemReports)
        .values({ userId: courier.id, vehicleId: vehicle.id, description: "Brakes squeak" })
        .returning()
    )[0]!;
    const { recordId } = await sendReportVehicleToService(admin.id, report.id, "Replace the brake pads");
    expect((await vehicleOf(vehicle.id)).status).toBe("maintenance");
    expect((await vehicleOf(vehicle.id)).assignedUserId).toBe(courier.id);
    expect((await getUserRow(courier.id))?.status).toBe("working_with_vehicle");
    const record = (await writerForTests().select().from(serviceRecords).where(eq(serviceRecords.id, recordId!)))[0]!;
    expect([record.problemReportId, record.description, record.completedAt]).toEqual([
      report.id,
      "Replace the brake pads",
      null,
    ]);
    expect(await audits("vehicle.service_start", vehicle.id)).toHaveLength(1);
    expect(await refusalKey(MaintenanceError, () => sendReportVehicleToService(admin.id, report.id, "again"))).toBe(
      "alreadyInService",
    );
    expect((await listRequestableVehicles()).some((v) => v.id === vehicle.id)).toBe(false);

    await completeService(admin.id, vehicle.id);
    expect((await vehicleOf(vehicle.id)).status).toBe("in_use");
    expect((await listServiceRecords(vehicle.id))[0]?.completedAt).toBeInstanceOf(Date);
    expect(await audits("vehicle.service_complete", vehicle.id)).toHaveLength(1);
    expect(await refusalKey(MaintenanceError, () => completeService(admin.id, vehicle.id))).toBe("notInService");
  });

  test("a report without a vehicle cannot send one", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const report = (
      await writerForTests()
        .insert(problemReports)
        .values({ userId: courier.id, description: "No vehicle named" })
        .returning()
    )[0]!;
    expect(await refusalKey(MaintenanceError, () => sendReportVehicleToService(admin.id, report.id, "x"))).toBe(
      "noVehicle",
    );
  });

  test("a free vehicle in service is not requestable and returns to available", async () => {
    const vehicle = await createVehicle();
    await putVehicleInService(admin.id, vehicle.id);
    expect((await listRequestableVehicles()).some((v) => v.id === vehicle.id)).toBe(false);
    await completeService(admin.id, vehicle.id);
    expect((await vehicleOf(vehicle.id)).status).toBe("available");
  });

  test("a swap away from a vehicle in service leaves it in service", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const broken = await createVehicle();
    await writerForTests()
      .update(vehicles)
      .set({ status: "in_use", assignedUserId: courier.id, leaseEndsAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(vehicles.id, broken.id));
    await putVehicleInService(admin.id, broken.id);
    const replacement = await createVehicle();
    const request = await createVehicleRequest(courier.id, replacement.id, await agreedRent());
    await approveVehicleRequest(admin.id, request.id);
    expect(await vehicleOf(broken.id)).toMatchObject({ status: "maintenance", assignedUserId: null });
    expect((await vehicleOf(replacement.id)).assignedUserId).toBe(courier.id);
  });
});

describe("service records and what is due", () => {
  test("records, odometer and the dashboard tile", async () => {
    const now = new Date();
    const before = await maintenanceTile(now);
    const byDate = await createVehicle();
    await addServiceRecord(admin.id, byDate.id, {
      serviceDate: new Date(now.getTime() - 170 * DAY),
      description: "Yearly check",
      costCents: 4990,
      nextDueAt: new Date(now.getTime() + 3 * DAY),
      nextDueKm: null,
    });
    const byKm = await createVehicle();
    await addServiceRecord(admin.id, byKm.id, {
      serviceDate: new Date(now.getTime() - 30 * DAY),
      description: "Tyres",
      costCents: null,
      nextDueAt: null,
      nextDueKm: 3000,
    });
    expect((await vehiclesWithServiceDue(now)).some((d) => d.vehicleId === byKm.id)).toBe(false);
    await recordOdometer(admin.id, byKm.id, 2950);
    expect((await vehicleOf(byKm.id)).odometerKm).toBe(2950);
    expect(await audits("vehicle.odometer", byKm.id)).toHaveLength(1);
    expect(await audits("vehicle.service_record", byDate.id)).toHaveLength(1);
    const due = await vehiclesWithServiceDue(now);
    expect(due.find((d) => d.vehicleId === byDate.id)?.due).toEqual({ state: "soon", by: "date" });
    expect(due.find((d) => d.vehicleId === byKm.id)?.due).toEqual({ state: "soon", by: "km" });
    await putVehicleInService(admin.id, byDate.id);
    expect(await maintenanceTile(now)).toEqual({ inService: before.inService + 1, due: before.due + 2 });
    // A newer record without a due date does not hide the next service the older one named.
    await addServiceRecord(admin.id, byDate.id, {
      serviceDate: now,
      description: "Lamp",
      costCents: 500,
      nextDueAt: null,
      nextDueKm: null,
    });
    expect((await vehiclesWithServiceDue(now)).some((d) => d.vehicleId === byDate.id)).toBe(true);
  });
});
