import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { outbox, vehicleRequests } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow } from "../../tests/factories";
import { vehicle, vehicleRequest } from "../../tests/admin-fixtures";
import { decideVehicleRequests, sameVehicleConflicts } from "./vehicle-requests.server";

const admin = await createUser({ role: "admin" });
const requestRow = async (id: number) =>
  (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]!;

describe("bulk approval of two requests for one vehicle", () => {
  test("the first gets it, the other is closed with a reason the courier is e-mailed in their language; a skipped row is named with why", async () => {
    const scooter = await vehicle();
    const winner = await createUser({ status: "applied_for_vehicle", fullName: "Anna Prvá" });
    const loser = await createUser({ status: "applied_for_vehicle", fullName: "Oleh Druhyi", language: "ua" });
    const first = await vehicleRequest(winner.id, scooter.id);
    const second = await vehicleRequest(loser.id, scooter.id);
    const gone = await vehicle({ status: "in_use" });
    const third = await vehicleRequest(
      (await createUser({ status: "applied_for_vehicle", fullName: "Ivan Tretí" })).id,
      gone.id,
    );
    const result = await decideVehicleRequests(admin.id, [first.id, second.id, third.id], "approve");
    expect(result.done).toEqual([first.id]);
    expect(result.closed).toEqual([{ id: second.id, courier: "Oleh Druhyi" }]);
    expect(result.skippedRows).toEqual([{ id: third.id, courier: "Ivan Tretí", reason: "vehicleUnavailable" }]);
    const closed = await requestRow(second.id);
    expect(closed.status).toBe("rejected");
    expect(closed.reason).toContain("іншому кур’єру");
    expect((await getUserRow(loser.id))?.status).toBe("vehicle_rejected");
    const mail = (await writerForTests().select().from(outbox).where(eq(outbox.userId, loser.id))).at(-1)!;
    expect(mail.kind).toBe("vehicleRejected");
    expect(mail.text).toContain("іншому кур’єру");
    // Nothing is left pending for a vehicle that is gone, but the unrelated skipped row.
    expect((await requestRow(third.id)).status).toBe("pending");
  });

  test("the conflicts asked about before approving name the vehicle and the couriers, the winner first, and change nothing", async () => {
    const scooter = await vehicle({ name: "Twin scooter" });
    const a = await vehicleRequest(
      (await createUser({ status: "applied_for_vehicle", fullName: "Eva Prvá" })).id,
      scooter.id,
    );
    const b = await vehicleRequest(
      (await createUser({ status: "applied_for_vehicle", fullName: "Petro Druhyi" })).id,
      scooter.id,
    );
    const alone = await vehicleRequest((await createUser({ status: "applied_for_vehicle" })).id, (await vehicle()).id);
    expect(await sameVehicleConflicts([b.id, alone.id, a.id])).toEqual([
      {
        vehicleId: scooter.id,
        vehicleName: "Twin scooter",
        rows: [
          { id: a.id, courier: "Eva Prvá" },
          { id: b.id, courier: "Petro Druhyi" },
        ],
      },
    ]);
    expect(await sameVehicleConflicts([a.id, alone.id])).toEqual([]);
    expect((await requestRow(a.id)).status).toBe("pending");
  });
});
