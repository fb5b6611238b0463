/** Test data for the admin integration tests: rows written straight into the tables the app reads. */
import { applications, problemReports, vehicleRequests, vehicles } from "~db/schema";
import type { UserStatus } from "~/domain/status";
import { writerForTests } from "~/infra/db.server";
import { createUser, enrolSecondFactor, sessionCookieHeader } from "./factories";

let serial = 0;
// A worker that restarts after a failure counts from 0 again on the same database: names stay unique.
const RUN = Math.random().toString(36).slice(2, 6);

export async function actors() {
  const admin = await createUser({ role: "admin" });
  const user = await createUser({ role: "user", status: "working_no_vehicle" });
  const { code } = await enrolSecondFactor(admin.id);
  return {
    admin,
    user,
    adminCode: code,
    adminCookie: await sessionCookieHeader(admin.id),
    userCookie: await sessionCookieHeader(user.id),
  };
}

export async function courier(status: UserStatus = "working_no_vehicle", fullName = "Test Courier") {
  return createUser({ status, fullName });
}

export async function vehicle(overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  serial += 1;
  return (
    await writerForTests()
      .insert(vehicles)
      .values({
        name: `Scooter ${serial}-${RUN}`,
        characteristicsSk: "Motor 1000 W",
        serialNumber: `SN-${Date.now().toString(36)}-${serial}`,
        ...overrides,
      })
      .returning()
  )[0]!;
}

export async function application(userId: number) {
  return (
    await writerForTests()
      .insert(applications)
      .values({ userId, fullName: "Ivan Test", age: 25, phone: "+421900123456", contactMethod: "phone" })
      .returning()
  )[0]!;
}

export async function vehicleRequest(userId: number, requestedVehicleId: number) {
  return (
    await writerForTests().insert(vehicleRequests).values({ userId, kind: "request", requestedVehicleId }).returning()
  )[0]!;
}

export async function problemReport(userId: number, vehicleId: number | null = null) {
  return (
    await writerForTests()
      .insert(problemReports)
      .values({ userId, vehicleId, description: "Brake squeaks" })
      .returning()
  )[0]!;
}
