import { afterEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, handovers, vehicleRequests, vehicles } from "~db/schema";
import { setClockOffset } from "~/infra/clock.server";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow, refusalKey } from "../../tests/factories";
import { createVehicle, sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { DecisionError } from "./decisions.server";
import { endLease, expireLeases } from "./leases.server";
import {
  approveVehicleRequest,
  createRenewalRequest,
  decideVehicleRequests,
  rejectVehicleRequest,
} from "./vehicle-requests.server";

const DAY = 24 * 60 * 60 * 1000;
const admin = await createUser({ role: "admin" });
const vehicleOf = async (id: number) => (await writerForTests().select().from(vehicles).where(eq(vehicles.id, id)))[0]!;
const requestOf = async (id: number) =>
  (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, id)))[0]!;

/** A courier riding a vehicle whose lease ends `daysLeft` days from the real now. */
async function riding(daysLeft: number, language: "sk" | "ua" | "en" = "en") {
  const user = await createUser({ status: "working_with_vehicle", language });
  const vehicle = await createVehicle();
  const leaseEndsAt = new Date(Date.now() + daysLeft * DAY);
  await writerForTests()
    .update(vehicles)
    .set({ status: "in_use", assignedUserId: user.id, leaseEndsAt })
    .where(eq(vehicles.id, vehicle.id));
  return { user, vehicle, leaseEndsAt };
}

const refusal = (run: () => unknown) => refusalKey(DecisionError, run);

afterEach(async () => setClockOffset(0));

describe("asking to renew", () => {
  test("opens five days before the end by the server clock, not before", async () => {
    const { user, leaseEndsAt } = await riding(10);
    expect(await refusal(() => createRenewalRequest(user.id))).toBe("tooEarly");
    // Six days later by the server clock: four days left.
    setClockOffset(6 * DAY);
    const request = await createRenewalRequest(user.id);
    expect([request.kind, request.status, request.currentVehicleId]).toEqual([
      "renewal",
      "pending",
      request.requestedVehicleId,
    ]);
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    expect(await refusal(() => createRenewalRequest(user.id))).toBe("pendingExists");
    expect(leaseEndsAt.getTime()).toBe((await vehicleOf(request.currentVehicleId!)).leaseEndsAt!.getTime());
  });

  test("a courier without a vehicle cannot ask", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    expect(await refusal(() => createRenewalRequest(user.id))).toBe("noVehicle");
  });
});

describe("deciding a renewal", () => {
  test("approval extends from the current end, not from now, and mails the courier in their language", async () => {
    const { user, vehicle, leaseEndsAt } = await riding(3, "sk");
    const request = await createRenewalRequest(user.id);
    const { expiresAt } = await approveVehicleRequest(admin.id, request.id);
    expect(expiresAt.getTime()).toBe(leaseEndsAt.getTime() + 30 * DAY);
    expect((await vehicleOf(vehicle.id)).leaseEndsAt?.getTime()).toBe(expiresAt.getTime());
    expect((await requestOf(request.id)).status).toBe("approved");
    expect((await requestOf(request.id)).expiresAt?.getTime()).toBe(expiresAt.getTime());
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    const mail = parseMail((await sentMails()).at(-1)!);
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("Váš prenájom bol predĺžený");
    // No handover: the courier keeps the vehicle.
    expect(await writerForTests().select().from(handovers).where(eq(handovers.userId, user.id))).toEqual([]);
  });

  test("decline leaves the lease as it was; the courier keeps riding", async () => {
    const { user, vehicle, leaseEndsAt } = await riding(2);
    const request = await createRenewalRequest(user.id);
    await rejectVehicleRequest(admin.id, request.id, "The vehicle goes to service");
    expect((await vehicleOf(vehicle.id)).leaseEndsAt?.getTime()).toBe(leaseEndsAt.getTime());
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    expect(parseMail((await sentMails()).at(-1)!).subject).toBe("Your lease renewal was not approved");
  });

  test("bulk approval renews each from its own end", async () => {
    const a = await riding(1);
    const b = await riding(4);
    const ra = await createRenewalRequest(a.user.id);
    const rb = await createRenewalRequest(b.user.id);
    const result = await decideVehicleRequests(admin.id, [ra.id, rb.id], "approve");
    expect(result).toMatchObject({ done: [ra.id, rb.id], skipped: [] });
    expect((await vehicleOf(a.vehicle.id)).leaseEndsAt?.getTime()).toBe(a.leaseEndsAt.getTime() + 30 * DAY);
    expect((await vehicleOf(b.vehicle.id)).leaseEndsAt?.getTime()).toBe(b.leaseEndsAt.getTime() + 30 * DAY);
  });
});

describe("expiry with a renewal pending", () => {
  test("the lease still expires; approving afterwards renews it through the status machine", async () => {
    const { user, vehicle, leaseEndsAt } = await riding(2);
    const request = await createRenewalRequest(user.id);
    // The scheduled job runs three days later by the server clock (its default "now").
    setClockOffset(3 * DAY);
    expect(await expireLeases()).toBeGreaterThanOrEqual(1);
    expect((await getUserRow(user.id))?.status).toBe("lease_expired");
    expect((await requestOf(request.id)).status).toBe("pending");
    await approveVehicleRequest(admin.id, request.id);
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    expect((await vehicleOf(vehicle.id)).leaseEndsAt?.getTime()).toBe(leaseEndsAt.getTime() + 30 * DAY);
    const audit = (
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "vehicle_request.approve"), eq(auditLog.entityId, request.id)))
    )[0];
    expect(audit?.after).toMatchObject({
      status: "approved",
      leaseEndsAt: new Date(leaseEndsAt.getTime() + 30 * DAY).toISOString(),
    });
  });

  test("a lease the admin ends closes the pending renewal and opens a check-in", async () => {
    const { user, vehicle } = await riding(1);
    const request = await createRenewalRequest(user.id);
    await endLease(admin.id, vehicle.id);
    expect(await requestOf(request.id)).toMatchObject({ status: "rejected", reason: "lease ended" });
    expect(await refusal(() => approveVehicleRequest(admin.id, request.id))).toBe("notPending");
    const checkIn = (
      await writerForTests()
        .select()
        .from(handovers)
        .where(and(eq(handovers.userId, user.id), eq(handovers.vehicleId, vehicle.id)))
    )[0];
    expect(checkIn).toMatchObject({ kind: "check_in", recordedAt: null });
  });
});
