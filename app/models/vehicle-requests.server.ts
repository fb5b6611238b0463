import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { users, vehicleRequests, vehicles } from "~db/schema";
import { TransitionError, type RequestKind, type UserEvent } from "~/domain/status";
import { db, writeTransaction } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { getSettings } from "./settings.server";
import { applyUserEvent, type Tx } from "./status.server";
import { listVehicleImages } from "./uploads.server";

const DAY = 24 * 60 * 60 * 1000;
export type VehicleRequestRow = typeof vehicleRequests.$inferSelect;

const vehicleCard = {
  id: vehicles.id,
  name: vehicles.name,
  characteristicsSk: vehicles.characteristicsSk,
  characteristicsUa: vehicles.characteristicsUa,
  characteristicsEn: vehicles.characteristicsEn,
  status: vehicles.status,
  availableSince: vehicles.availableSince,
  leaseEndsAt: vehicles.leaseEndsAt,
};

/** Vehicles a courier may ask for: free ones to request, `future` ones (with their date) to reserve. */
export function listRequestableVehicles() {
  const rows = db()
    .select(vehicleCard)
    .from(vehicles)
    .where(and(inArray(vehicles.status, ["available", "future"]), isNull(vehicles.assignedUserId)))
    .orderBy(vehicles.status, vehicles.name)
    .all();
  const images = listVehicleImages(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, images: images.get(row.id) ?? [] }));
}

/** The vehicle assigned to the user, with its images. */
export function getAssignedVehicle(userId: number) {
  const row = db().select(vehicleCard).from(vehicles).where(eq(vehicles.assignedUserId, userId)).get();
  return row && { ...row, images: listVehicleImages([row.id]).get(row.id) ?? [] };
}

/** The user's own requests, newest first, with the vehicles' names. */
export function listOwnVehicleRequests(userId: number, limit = 5) {
  const rows = db().select().from(vehicleRequests).where(eq(vehicleRequests.userId, userId)).orderBy(desc(vehicleRequests.id)).limit(limit).all();
  const ids = [...new Set(rows.flatMap((row) => [row.currentVehicleId, row.requestedVehicleId]).filter((id): id is number => id != null))];
  const names = new Map(
    ids.length ? db().select({ id: vehicles.id, name: vehicles.name }).from(vehicles).where(inArray(vehicles.id, ids)).all().map((v) => [v.id, v.name]) : [],
  );
  return rows.map((row) => ({
    ...row,
    currentVehicleName: row.currentVehicleId ? (names.get(row.currentVehicleId) ?? null) : null,
    requestedVehicleName: row.requestedVehicleId ? (names.get(row.requestedVehicleId) ?? null) : null,
  }));
}

/**
 * A courier asks for a vehicle. Without a vehicle: `request` (available) or `reserve` (future),
 * user → applied_for_vehicle. With one: a `swap` naming the current and the requested vehicle; the
 * user keeps riding until the decision. One open request per user.
 */
export function createVehicleRequest(userId: number, vehicleId: number): VehicleRequestRow {
  return writeTransaction((tx) => {
    // Expired right-to-stay documents block new requests and swaps until an admin accepts the new one.
    const requester = tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).get();
    if (requester?.status === "documents_expired") throw new DecisionError("documentsExpired");
    const vehicle = tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).get();
    if (!vehicle) throw new DecisionError("notFound");
    if (!["available", "future"].includes(vehicle.status) || vehicle.assignedUserId != null) throw new DecisionError("vehicleUnavailable");
    const open = tx
      .select({ id: vehicleRequests.id })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending")))
      .get();
    if (open) throw new DecisionError("pendingExists");
    const current = tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.assignedUserId, userId)).get();
    let kind: RequestKind;
    if (current) {
      // A swap is for someone riding now; after the lease ends the admin decides first.
      const user = tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).get();
      if (user?.status !== "working_with_vehicle") throw new DecisionError("notAllowed");
      kind = "swap";
    } else {
      kind = vehicle.status === "future" ? "reserve" : "request";
      try {
        applyUserEvent(tx, userId, "requestVehicle", { actorId: userId });
      } catch (error) {
        if (error instanceof TransitionError) throw new DecisionError("notAllowed");
        throw error;
      }
    }
    return tx
      .insert(vehicleRequests)
      .values({ userId, kind, currentVehicleId: current?.id ?? null, requestedVehicleId: vehicleId })
      .returning()
      .get();
  });
}

/** The user's status may have moved on since the request (an admin ended a lease): refuse, do not crash. */
function applyDecision(tx: Tx, userId: number, event: UserEvent, adminId: number, reason: string | null) {
  try {
    applyUserEvent(tx, userId, event, { actorId: adminId, reason });
  } catch (error) {
    if (error instanceof TransitionError) throw new DecisionError("notAllowed");
    throw error;
  }
}

function pendingRequest(tx: Tx, requestId: number) {
  const row = tx.select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId)).get();
  if (!row) throw new DecisionError("notFound");
  if (row.status !== "pending") throw new DecisionError("notPending");
  return row;
}

function approveIn(tx: Tx, adminId: number, requestId: number, now: Date, expiresAt: Date) {
    const request = pendingRequest(tx, requestId);
    const vehicle = request.requestedVehicleId ? tx.select().from(vehicles).where(eq(vehicles.id, request.requestedVehicleId)).get() : undefined;
    if (!vehicle) throw new DecisionError("vehicleUnavailable");
    if (vehicle.status === "future" && vehicle.assignedUserId == null) throw new DecisionError("vehicleNotYetAvailable");
    if (vehicle.status !== "available" || vehicle.assignedUserId != null) throw new DecisionError("vehicleUnavailable");
    const swap = request.kind === "swap";
    if (swap) {
      // Free the old vehicle first: a user holds at most one vehicle (unique index). One in service stays there.
      tx.update(vehicles)
        .set({ status: sql`case when ${vehicles.status} = 'maintenance' then 'maintenance' else 'available' end`, assignedUserId: null, leaseEndsAt: null, updatedAt: now })
        .where(eq(vehicles.assignedUserId, request.userId))
        .run();
    }
    applyDecision(tx, request.userId, swap ? "approveSwap" : "approveVehicleRequest", adminId, null);
    tx.update(vehicles).set({ status: "in_use", assignedUserId: request.userId, leaseEndsAt: expiresAt, updatedAt: now }).where(eq(vehicles.id, vehicle.id)).run();
    tx.update(vehicleRequests).set({ status: "approved", expiresAt, decidedById: adminId, decidedAt: now }).where(eq(vehicleRequests.id, requestId)).run();
    recordAudit(tx, {
      actorId: adminId,
      action: "vehicle_request.approve",
      entityType: "vehicle_request",
      entityId: requestId,
      subjectUserId: request.userId,
      before: { status: "pending", kind: request.kind, currentVehicleId: request.currentVehicleId },
      after: { status: "approved", vehicleId: vehicle.id, expiresAt: expiresAt.toISOString() },
    });
    return { userId: request.userId, swap, vehicleName: vehicle.name };
}

function rejectIn(tx: Tx, adminId: number, requestId: number, trimmed: string) {
    const request = pendingRequest(tx, requestId);
    const swap = request.kind === "swap";
    tx.update(vehicleRequests)
      .set({ status: "rejected", reason: trimmed, decidedById: adminId, decidedAt: new Date() })
      .where(eq(vehicleRequests.id, requestId))
      .run();
    applyDecision(tx, request.userId, swap ? "rejectSwap" : "rejectVehicleRequest", adminId, trimmed);
    recordAudit(tx, {
      actorId: adminId,
      action: "vehicle_request.reject",
      entityType: "vehicle_request",
      entityId: requestId,
      subjectUserId: request.userId,
      before: { status: "pending", kind: request.kind },
      after: { status: "rejected", reason: trimmed },
    });
    return { userId: request.userId, swap };
}

/**
 * Admin decision: approves a pending request. The requested vehicle must be `available` now — a
 * reservation of a `future` vehicle is approved once the admin has made it available. Request and
 * reserve: vehicle → in_use for the user, user → working_with_vehicle. Swap: the old vehicle goes
 * back to `available`, the new one is assigned. The lease ends `leaseDays` (default from settings)
 * from now; the request records it as `expiresAt`. One transaction with the status history and
 * audit entry, then the user's e-mail. Throws DecisionError.
 */
export async function approveVehicleRequest(adminId: number, requestId: number, options: { leaseDays?: number } = {}) {
  const leaseDays = options.leaseDays && options.leaseDays > 0 ? options.leaseDays : getSettings().leaseDays;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + leaseDays * DAY);
  const outcome = writeTransaction((tx) => approveIn(tx, adminId, requestId, now, expiresAt));
  await notifyUser(outcome.userId, outcome.swap ? "swapApproved" : "vehicleApproved", { vehicle: outcome.vehicleName, date: expiresAt });
  return { expiresAt };
}

/** Admin decision: rejects a pending request with a reason (user → vehicle_rejected; a swap leaves the user riding). */
export async function rejectVehicleRequest(adminId: number, requestId: number, reason: string) {
  const trimmed = reason.trim();
  if (!trimmed) throw new DecisionError("reasonRequired");
  const outcome = writeTransaction((tx) => rejectIn(tx, adminId, requestId, trimmed));
  await notifyUser(outcome.userId, outcome.swap ? "swapRejected" : "vehicleRejected", { reason: trimmed });
}

/**
 * Bulk decision on many pending requests in one transaction (each row in its own savepoint, so a
 * request that can no longer be decided is skipped alone); one audit entry per row, e-mails after the commit.
 */
export async function decideVehicleRequests(adminId: number, requestIds: number[], decision: "approve" | "reject", reason = "") {
  const trimmed = reason.trim();
  if (decision === "reject" && !trimmed) throw new DecisionError("reasonRequired");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + getSettings().leaseDays * DAY);
  const outcome = writeTransaction((tx) => {
    const done: { id: number; userId: number; swap: boolean; vehicleName?: string }[] = [];
    const skipped: number[] = [];
    for (const id of requestIds) {
      try {
        const row = tx.transaction((sp) => (decision === "approve" ? approveIn(sp, adminId, id, now, expiresAt) : rejectIn(sp, adminId, id, trimmed)));
        done.push({ id, ...row });
      } catch (error) {
        if (!(error instanceof DecisionError)) throw error;
        skipped.push(id);
      }
    }
    return { done, skipped };
  });
  for (const row of outcome.done) {
    if (decision === "approve") await notifyUser(row.userId, row.swap ? "swapApproved" : "vehicleApproved", { vehicle: row.vehicleName ?? "", date: expiresAt });
    else await notifyUser(row.userId, row.swap ? "swapRejected" : "vehicleRejected", { reason: trimmed });
  }
  return { done: outcome.done.map((d) => d.id), skipped: outcome.skipped };
}
