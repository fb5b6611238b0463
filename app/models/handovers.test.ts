import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, handovers, uploads, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import type { ReceivedFile } from "~/infra/uploads.server";
import { agreedRent, createUser, refusalKey } from "../../tests/factories";
import { createVehicle, receivedFile } from "../../tests/dashboard-helpers";
import { png } from "../../tests/media-fixtures";
import { slowWrites } from "../../tests/raw-sql";
import {
  confirmHandover,
  getPendingHandover,
  HandoverError,
  listHandoversToConfirm,
  listVehicleHandovers,
  recordHandover,
} from "./handovers.server";
import { endLease } from "./leases.server";
import { collectUserData } from "./privacy.server";
import { findPrivateFile } from "./uploads.server";
import { approveVehicleRequest, createVehicleRequest } from "./vehicle-requests.server";
import { deleteVehicle, saveVehicle } from "./vehicles.server";

const admin = await createUser({ role: "admin" });

async function photo(): Promise<ReceivedFile> {
  return {
    field: "photos",
    name: "side.png",
    ...receivedFile(await png(64, 48)),
    type: { class: "image", mime: "image/png", ext: "png" },
  };
}

const refusal = (run: () => unknown) => refusalKey(HandoverError, run);

/** A courier whose vehicle request the admin approved: the lease has started. */
async function leaseStarted() {
  const user = await createUser({ status: "working_no_vehicle" });
  const vehicle = await createVehicle();
  const request = await createVehicleRequest(user.id, vehicle.id, await agreedRent());
  await approveVehicleRequest(admin.id, request.id);
  return { user, vehicle, request };
}

describe("a lease's handovers", () => {
  test("approval opens a pending check-out; the admin records it with photos; the courier confirms", async () => {
    const { user, vehicle, request } = await leaseStarted();
    const pending = (await getPendingHandover(vehicle.id, "check_out"))!;
    expect(pending.handover).toMatchObject({
      kind: "check_out",
      userId: user.id,
      requestId: request.id,
      recordedAt: null,
    });
    expect(await listHandoversToConfirm(user.id)).toEqual([]);

    const result = await recordHandover(
      admin.id,
      pending.handover.id,
      { batteryPercent: 95, odometerKm: 120, damages: { deck: "scratch" }, note: "Charger in the box" },
      [await photo(), await photo()],
    );
    expect(result.newDamages).toEqual([]);
    expect(
      (await writerForTests().select({ km: vehicles.odometerKm }).from(vehicles).where(eq(vehicles.id, vehicle.id)))[0]
        ?.km,
    ).toBe(120);
    expect(
      await refusal(() =>
        recordHandover(
          admin.id,
          pending.handover.id,
          { batteryPercent: 1, odometerKm: 1, damages: {}, note: null },
          [],
        ),
      ),
    ).toBe("notPending");

    const [card] = await listHandoversToConfirm(user.id);
    expect(card).toMatchObject({
      kind: "check_out",
      batteryPercent: 95,
      odometerKm: 120,
      damages: { deck: "scratch" },
      note: "Charger in the box",
    });
    expect(card!.photos).toHaveLength(2);
    // Photos are the courier's private files: the courier and admins only.
    const photoId = card!.photos[0]!.id;
    const stranger = await createUser({ status: "working_no_vehicle" });
    expect((await findPrivateFile(photoId, user))?.kind).toBe("handover_photo");
    expect((await findPrivateFile(photoId, admin))?.id).toBe(photoId);
    expect(await findPrivateFile(photoId, stranger)).toBeUndefined();

    expect(await refusal(() => confirmHandover(stranger.id, card!.id))).toBe("notFound");
    await confirmHandover(user.id, card!.id);
    expect(await listHandoversToConfirm(user.id)).toEqual([]);
    expect(await refusal(() => confirmHandover(user.id, card!.id))).toBe("alreadyConfirmed");
    const audit = (
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "vehicle"), eq(auditLog.entityId, vehicle.id)))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(["handover.record", "handover.confirm"]));
  });

  test("the check-in compares with the check-out and flags new damage to both sides", async () => {
    const { user, vehicle } = await leaseStarted();
    const out = (await getPendingHandover(vehicle.id, "check_out"))!;
    await recordHandover(
      admin.id,
      out.handover.id,
      { batteryPercent: 90, odometerKm: 500, damages: { frame: "scratch" }, note: null },
      [],
    );
    await confirmHandover(user.id, out.handover.id);

    await endLease(admin.id, vehicle.id);
    const back = (await getPendingHandover(vehicle.id, "check_in"))!;
    expect(back.checkOut).toMatchObject({ batteryPercent: 90, odometerKm: 500, damages: { frame: "scratch" } });
    expect(
      await refusal(() =>
        recordHandover(
          admin.id,
          back.handover.id,
          { batteryPercent: 40, odometerKm: 499, damages: {}, note: null },
          [],
        ),
      ),
    ).toBe("odometerBelowCheckOut");
    const result = await recordHandover(
      admin.id,
      back.handover.id,
      { batteryPercent: 40, odometerKm: 780, damages: { frame: "scratch", brakes: "broken" }, note: null },
      [await photo()],
    );
    expect(result.newDamages).toEqual([{ part: "brakes", before: "none", after: "broken" }]);

    const [card] = await listHandoversToConfirm(user.id);
    expect(card).toMatchObject({
      kind: "check_in",
      checkOut: { batteryPercent: 90, odometerKm: 500 },
      newDamages: [{ part: "brakes", before: "none", after: "broken" }],
    });
    const history = await listVehicleHandovers(vehicle.id);
    expect(history.map((h) => h.kind)).toEqual(["check_in", "check_out"]);
    expect(history[1]!.confirmedAt).not.toBeNull();

    // The courier's data export carries both handovers and the photo.
    const data = (await collectUserData(user.id))!;
    expect(data.handovers.map((h) => [h.kind, h.odometerKm, h.newDamages.length])).toEqual([
      ["check_out", 500, 0],
      ["check_in", 780, 1],
    ]);
    expect(data.files.filter((f) => f.kind === "handover_photo")).toHaveLength(1);
  });

  test("a swap opens a check-in of the old vehicle and a check-out of the new one", async () => {
    const { user, vehicle: first } = await leaseStarted();
    const second = await createVehicle();
    const swap = await createVehicleRequest(user.id, second.id, await agreedRent());
    await approveVehicleRequest(admin.id, swap.id);
    expect((await getPendingHandover(first.id, "check_in"))?.handover.userId).toBe(user.id);
    expect((await getPendingHandover(second.id, "check_out"))?.handover.requestId).toBe(swap.id);
  });

  test("a direct assignment and an unassignment from the vehicle form open them too", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const vehicle = await createVehicle();
    const input = {
      name: vehicle.name,
      characteristics: { sk: "x", ua: null, en: null },
      serialNumber: vehicle.serialNumber,
      comment: null,
      status: "available" as const,
      availableSince: null,
    };
    await saveVehicle(admin.id, vehicle.id, { ...input, assignedUserId: user.id });
    expect((await getPendingHandover(vehicle.id, "check_out"))?.handover.userId).toBe(user.id);
    await saveVehicle(admin.id, vehicle.id, { ...input, assignedUserId: null });
    expect((await getPendingHandover(vehicle.id, "check_in"))?.handover.userId).toBe(user.id);
  });

  test("deleting a vehicle removes its handovers and their photo rows", async () => {
    const { vehicle } = await leaseStarted();
    const out = (await getPendingHandover(vehicle.id, "check_out"))!;
    await recordHandover(admin.id, out.handover.id, { batteryPercent: 90, odometerKm: 1, damages: {}, note: null }, [
      await photo(),
    ]);
    await endLease(admin.id, vehicle.id);
    expect(await deleteVehicle(admin.id, vehicle.id)).toHaveLength(1);
    expect(await writerForTests().select().from(handovers).where(eq(handovers.vehicleId, vehicle.id))).toEqual([]);
    expect(await writerForTests().select().from(uploads).where(eq(uploads.handoverId, out.handover.id))).toEqual([]);
  });

  test("two admins recording one handover at once: one record, one refusal (rows locked on PostgreSQL)", async () => {
    const { vehicle } = await leaseStarted();
    const out = (await getPendingHandover(vehicle.id, "check_out"))!;
    const restore = await slowWrites("handovers", "update", `NEW.id = ${out.handover.id}`, 200);
    const record = async (km: number) =>
      recordHandover(admin.id, out.handover.id, { batteryPercent: 90, odometerKm: km, damages: {}, note: null }, [
        await photo(),
      ]);
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled([record(10), record(20)]);
    } finally {
      await restore();
    }
    const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as HandoverError).key] : []));
    expect(refused).toEqual(["notPending"]);
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "handover.record"), eq(auditLog.entityId, vehicle.id)));
    expect(audits).toHaveLength(1);
    expect(await writerForTests().select().from(uploads).where(eq(uploads.handoverId, out.handover.id))).toHaveLength(
      1,
    );
  });
});
