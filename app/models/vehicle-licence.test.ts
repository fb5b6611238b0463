import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, handovers, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { agreedRent, createUser, refusalKey } from "../../tests/factories";
import { getPendingHandover, HandoverError, listVehicleHandovers, recordHandover } from "./handovers.server";
import { approveVehicleRequest, createVehicleRequest } from "./vehicle-requests.server";
import { saveVehicle } from "./vehicles.server";

describe("a vehicle's licence category", () => {
  test("the vehicle form stores it and the audit shows the change", async () => {
    const admin = await createUser({ role: "admin" });
    const vehicle = await createVehicle();
    expect(vehicle.licenceCategory).toBe("none");
    await saveVehicle(admin.id, vehicle.id, {
      name: vehicle.name,
      characteristics: { sk: vehicle.characteristicsSk, ua: vehicle.characteristicsUa, en: vehicle.characteristicsEn },
      serialNumber: vehicle.serialNumber,
      licenceCategory: "AM",
      comment: null,
      status: "available",
      availableSince: null,
      assignedUserId: null,
    });
    const [after] = await writerForTests().select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(after!.licenceCategory).toBe("AM");
    const [entry] = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "vehicle"), eq(auditLog.entityId, vehicle.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.before).toMatchObject({ licenceCategory: "none" });
    expect(entry!.after).toMatchObject({ licenceCategory: "AM" });
  });
});

const record = { batteryPercent: 90, odometerKm: 10, damages: {}, note: null };

/** A courier whose request for a vehicle of this category the admin approved: the check-out waits. */
async function checkOutWaiting(licenceCategory: "none" | "AM") {
  const admin = await createUser({ role: "admin" });
  const user = await createUser({ status: "working_no_vehicle" });
  const vehicle = await createVehicle({ licenceCategory });
  const request = await createVehicleRequest(user.id, vehicle.id, await agreedRent());
  await approveVehicleRequest(admin.id, request.id);
  const pending = (await getPendingHandover(vehicle.id, "check_out"))!;
  return { admin, user, vehicle, handoverId: pending.handover.id };
}

describe("the check-out of a vehicle that needs a licence AM", () => {
  test("without the licence seen it is refused and nothing is recorded", async () => {
    const { admin, handoverId } = await checkOutWaiting("AM");
    expect(await refusalKey(HandoverError, () => recordHandover(admin.id, handoverId, record, []))).toBe(
      "licenceRequired",
    );
    expect(
      await refusalKey(HandoverError, () =>
        recordHandover(admin.id, handoverId, { ...record, licence: { category: "AM", last4: "12" } }, []),
      ),
    ).toBe("licenceRequired");
    const [row] = await writerForTests().select().from(handovers).where(eq(handovers.id, handoverId));
    expect(row!.recordedAt).toBeNull();
  });

  test("records the category and last four characters seen, shown on the handover record and audited", async () => {
    const { admin, vehicle, handoverId } = await checkOutWaiting("AM");
    await recordHandover(admin.id, handoverId, { ...record, licence: { category: "B", last4: "ab12" } }, []);
    const [row] = await writerForTests().select().from(handovers).where(eq(handovers.id, handoverId));
    expect([row!.licenceSeenCategory, row!.licenceSeenLast4]).toEqual(["B", "AB12"]);
    const [view] = await listVehicleHandovers(vehicle.id);
    expect(view!.licenceSeen).toEqual({ category: "B", last4: "AB12" });
    const [entry] = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "handover.record"), eq(auditLog.entityId, vehicle.id)));
    expect(entry!.after).toMatchObject({ licenceSeen: "B …AB12" });
  });

  test("a vehicle that needs no licence is checked out without one, and none is stored", async () => {
    const { admin, handoverId } = await checkOutWaiting("none");
    await recordHandover(admin.id, handoverId, { ...record, licence: { category: "AM", last4: "1234" } }, []);
    const [row] = await writerForTests().select().from(handovers).where(eq(handovers.id, handoverId));
    expect(row!.recordedAt).not.toBeNull();
    expect(row!.licenceSeenCategory).toBeNull();
  });
});
