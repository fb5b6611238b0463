import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { createUser } from "../../tests/factories";
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
