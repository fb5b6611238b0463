/**
 * The two courier events that had no message: a handover recorded (check it and confirm) and a lease about
 * to end (once per lease end, two days before). Runs on both engines.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { outbox, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { agreedRent, createUser } from "../../tests/factories";
import { createVehicle } from "../../tests/dashboard-helpers";
import { getPendingHandover, recordHandover } from "./handovers.server";
import { LEASE_REMINDER_MS, remindLeaseEnding } from "./leases.server";
import { approveVehicleRequest, createVehicleRequest } from "./vehicle-requests.server";

const HOUR = 60 * 60 * 1000;
const admin = await createUser({ role: "admin" });

async function leaseStarted(language: "sk" | "ua" | "en" = "ua") {
  const user = await createUser({ status: "working_no_vehicle", language });
  const vehicle = await createVehicle();
  const request = await createVehicleRequest(user.id, vehicle.id, await agreedRent());
  await approveVehicleRequest(admin.id, request.id);
  return { user, vehicle };
}

const rowsOf = (userId: number, kind: string) =>
  writerForTests()
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.kind, kind)));

describe("courier notices", () => {
  test("a recorded handover asks the courier, in their language, to check and confirm it", async () => {
    const { user, vehicle } = await leaseStarted("ua");
    const pending = (await getPendingHandover(vehicle.id, "check_out"))!;
    expect(await rowsOf(user.id, "handoverRecorded")).toHaveLength(0);
    await recordHandover(
      admin.id,
      pending.handover.id,
      { batteryPercent: 90, odometerKm: 10, damages: {}, note: null },
      [],
    );
    const [row] = await rowsOf(user.id, "handoverRecorded");
    const ua = translatorFor("ua");
    expect(row!.subject).toBe(ua("dashboard:email.handoverRecorded.subject"));
    expect(row!.text).toContain(vehicle.name);
  });

  test("a lease ending within two days is reminded once per lease end; a renewed lease again", async () => {
    const { user, vehicle } = await leaseStarted("en");
    const now = new Date();
    const setEnd = (at: Date) =>
      writerForTests().update(vehicles).set({ leaseEndsAt: at }).where(eq(vehicles.id, vehicle.id));

    await setEnd(new Date(now.getTime() + LEASE_REMINDER_MS + HOUR));
    await remindLeaseEnding(now);
    expect(await rowsOf(user.id, "leaseEnding")).toHaveLength(0);

    await setEnd(new Date(now.getTime() + 36 * HOUR));
    await remindLeaseEnding(now);
    await remindLeaseEnding(new Date(now.getTime() + HOUR));
    const rows = await rowsOf(user.id, "leaseEnding");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe(translatorFor("en")("dashboard:email.leaseEnding.subject"));
    expect(rows[0]!.text).toContain(vehicle.name);

    // Renewed by a week: a new end, reminded again when its window opens.
    const later = new Date(now.getTime() + 7 * 24 * HOUR + 36 * HOUR);
    await setEnd(later);
    await remindLeaseEnding(new Date(now.getTime() + 2 * HOUR));
    expect(await rowsOf(user.id, "leaseEnding")).toHaveLength(1);
    await remindLeaseEnding(new Date(later.getTime() - 24 * HOUR));
    expect(await rowsOf(user.id, "leaseEnding")).toHaveLength(2);
  });
});
