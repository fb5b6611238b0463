/** Test data for the admin integration tests: rows written straight into the tables the app reads. */
import { applications, problemReports, vehicleRequests, vehicles } from "~db/schema";
import type { UserStatus } from "~/domain/status";
import { writerForTests } from "~/infra/db.server";
import { createUser, enrolSecondFactor, sessionCookieHeader } from "./factories";

let serial = 0;

export async function actors() {
  const admin = await createUser({ role: "admin" });
  const user = await createUser({ role: "user", status: "working_no_vehicle" });
  const { code } = enrolSecondFactor(admin.id);
  return { admin, user, adminCode: code, adminCookie: await sessionCookieHeader(admin.id), userCookie: await sessionCookieHeader(user.id) };
}

export async function courier(status: UserStatus = "working_no_vehicle", fullName = "Test Courier") {
  return createUser({ status, fullName });
}

export function vehicle(overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  serial += 1;
  return writerForTests()
    .insert(vehicles)
    .values({ name: `Scooter ${serial}`, characteristicsSk: "Motor 1000 W", serialNumber: `SN-${Date.now().toString(36)}-${serial}`, ...overrides })
    .returning()
    .get();
}

export function application(userId: number) {
  return writerForTests()
    .insert(applications)
    .values({ userId, fullName: "Ivan Test", age: 25, phone: "+421900123456", contactMethod: "phone" })
    .returning()
    .get();
}

export function vehicleRequest(userId: number, requestedVehicleId: number) {
  return writerForTests().insert(vehicleRequests).values({ userId, kind: "request", requestedVehicleId }).returning().get();
}

export function problemReport(userId: number, vehicleId: number | null = null) {
  return writerForTests().insert(problemReports).values({ userId, vehicleId, description: "Brake squeaks" }).returning().get();
}
