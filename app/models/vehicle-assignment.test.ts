import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { vehicleRequests } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { createUser, getUserRow } from "../../tests/factories";
import { saveVehicle } from "./vehicles.server";

async function pendingRequest(userId: number, requestedVehicleId: number) {
  return (
    await writerForTests().insert(vehicleRequests).values({ userId, kind: "request", requestedVehicleId }).returning()
  )[0]!;
}

async function assign(adminId: number, vehicle: Awaited<ReturnType<typeof createVehicle>>, userId: number) {
  return await saveVehicle(adminId, vehicle.id, {
    name: vehicle.name,
    characteristics: { sk: vehicle.characteristicsSk, ua: vehicle.characteristicsUa, en: vehicle.characteristicsEn },
    serialNumber: vehicle.serialNumber,
    comment: null,
    status: "available",
    availableSince: null,
    assignedUserId: userId,
  });
}

describe("assigning a vehicle directly from the vehicle form", () => {
  test("approves the courier's open request when it asked for that vehicle", async () => {
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_vehicle" });
    const vehicle = await createVehicle();
    const request = await pendingRequest(courier.id, vehicle.id);
    await assign(admin.id, vehicle, courier.id);
    const after = (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, request.id)))[0]!;
    expect(after.status).toBe("approved");
    expect(after.decidedById).toBe(admin.id);
    expect(after.expiresAt).not.toBeNull();
    expect((await getUserRow(courier.id))?.status).toBe("working_with_vehicle");
  });

  test("rejects it when the courier gets another vehicle, so nothing stays pending", async () => {
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_vehicle" });
    const wanted = await createVehicle();
    const given = await createVehicle();
    const request = await pendingRequest(courier.id, wanted.id);
    await assign(admin.id, given, courier.id);
    const after = (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, request.id)))[0]!;
    expect(after.status).toBe("rejected");
    expect(after.reason).toBe("assigned another vehicle directly");
  });
});
