import { and, asc, count, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { handovers, problemReports, uploads, users, vehicleRequests, vehicles } from "~db/schema";
import { missingLanguages, normalizeOptional, type LocalizedText } from "~/domain/localized-text";
import { MAX_VEHICLE_IMAGES } from "~/domain/rules";
import type { VehicleFilter } from "~/domain/admin-filters";
import { nextStatus, TransitionError, type UserStatus, type VehicleStatus } from "~/domain/status";
import { now as clockNow } from "~/infra/clock.server";
import { db, writeTransaction } from "~/infra/db.server";
import type { PreparedUpload, ReceivedFile } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { openHandover } from "./handovers.server";
import { closePendingRenewal } from "./leases.server";
import { likeEscaped, pageIds, toPage } from "./admin-list.server";
import { vehiclesWithServiceDue } from "./maintenance.server";
import { getSettings } from "./settings.server";
import { applyUserEvent, type Tx } from "./status.server";
import { deleteFilesOf, insertUploadRows, withNewMedia } from "./uploads.server";

const DAY = 24 * 60 * 60 * 1000;

export type VehicleInput = {
  name: string;
  characteristics: LocalizedText;
  serialNumber: string;
  comment: string | null;
  status: VehicleStatus;
  availableSince: Date | null;
  assignedUserId: number | null;
};

/** Refusals the vehicle screens translate (`admin:vehicles.errors.<key>`). */
export class VehicleError extends Error {
  constructor(readonly key: "notFound" | "serialTaken" | "userHasVehicle" | "userNotEligible" | "inUse" | "inUseNeedsUser" | "tooManyImages") {
    super(key);
  }
}

/** The vehicles table: search by name or serial number, newest first; each row says whether its service is due. */
export function listVehicles(filter: VehicleFilter) {
  const dueList = vehiclesWithServiceDue();
  const due = new Map(dueList.map((d) => [d.vehicleId, d.due]));
  const parts = [];
  if (filter.q) parts.push(or(likeEscaped(vehicles.name, filter.q), likeEscaped(vehicles.serialNumber, filter.q)));
  if (filter.service) parts.push(or(eq(vehicles.status, "maintenance"), inArray(vehicles.id, [...due.keys()])));
  const where = parts.length ? and(...parts) : undefined;
  const total = db().select({ n: count() }).from(vehicles).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      id: vehicles.id,
      name: vehicles.name,
      serialNumber: vehicles.serialNumber,
      status: vehicles.status,
      availableSince: vehicles.availableSince,
      leaseEndsAt: vehicles.leaseEndsAt,
      characteristicsSk: vehicles.characteristicsSk,
      characteristicsUa: vehicles.characteristicsUa,
      characteristicsEn: vehicles.characteristicsEn,
      userId: users.id,
      userEmail: users.email,
      userName: users.fullName,
    })
    .from(vehicles)
    .leftJoin(users, eq(users.id, vehicles.assignedUserId))
    .where(inArray(vehicles.id, pageIds(vehicles, where, [desc(vehicles.createdAt), desc(vehicles.id)], filter.page)))
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .all()
    .map(({ characteristicsSk, characteristicsUa, characteristicsEn, ...row }) => ({
      ...row,
      missingLanguages: missingLanguages({ sk: characteristicsSk, ua: characteristicsUa, en: characteristicsEn }),
      serviceDue: due.get(row.id) ?? null,
    }));
  return toPage(rows, total, filter.page);
}

export function getVehicle(id: number) {
  const vehicle = db().select().from(vehicles).where(eq(vehicles.id, id)).get();
  if (!vehicle) return null;
  const assignee = vehicle.assignedUserId ? db().select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, vehicle.assignedUserId)).get() : undefined;
  return {
    vehicle,
    assignee: assignee ?? null,
    images: vehicleImages(id),
    problems: db()
      .select({ id: problemReports.id, description: problemReports.description, status: problemReports.status, response: problemReports.response, createdAt: problemReports.createdAt, userEmail: users.email })
      .from(problemReports)
      .leftJoin(users, eq(users.id, problemReports.userId))
      .where(eq(problemReports.vehicleId, id))
      .orderBy(desc(problemReports.createdAt), desc(problemReports.id))
      .all(),
  };
}

export function vehicleImages(vehicleId: number) {
  return db()
    .select({ id: uploads.id, width: uploads.width, height: uploads.height, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.vehicleId, vehicleId), eq(uploads.kind, "vehicle_image")))
    .orderBy(asc(uploads.position), asc(uploads.id))
    .all();
}

/** Users an admin may give this vehicle to: couriers the status machine allows and who ride nothing else. */
export function assignableUsers(vehicleId: number | null) {
  const eligible = (["working_no_vehicle", "applied_for_vehicle", "vehicle_rejected", "lease_expired", "working_with_vehicle"] as UserStatus[]).filter(
    (s) => nextStatus(s, "assignVehicle") !== null,
  );
  return db()
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .leftJoin(vehicles, eq(vehicles.assignedUserId, users.id))
    .where(and(eq(users.role, "user"), inArray(users.status, eligible), vehicleId ? or(isNull(vehicles.id), eq(vehicles.id, vehicleId)) : isNull(vehicles.id)))
    .orderBy(asc(users.email))
    .all();
}

function snapshot(v: typeof vehicles.$inferSelect | undefined) {
  if (!v) return null;
  const { createdAt: _c, updatedAt: _u, ...rest } = v;
  return rest;
}

/**
 * Creates or updates a vehicle. Assigning or unassigning a user runs the status machine in the same
 * transaction, so a courier's status always matches the vehicle they hold.
 */
export function saveVehicle(adminId: number, id: number | null, input: VehicleInput, newImages: PreparedUpload[] = []) {
  return writeTransaction((tx) => {
    const before = id === null ? undefined : tx.select().from(vehicles).where(eq(vehicles.id, id)).get();
    if (id !== null && !before) throw new VehicleError("notFound");
    const serialClash = tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(id === null ? eq(vehicles.serialNumber, input.serialNumber) : and(eq(vehicles.serialNumber, input.serialNumber), ne(vehicles.id, id)))
      .get();
    if (serialClash) throw new VehicleError("serialTaken");

    const newUserId = input.assignedUserId;
    const oldUserId = before?.assignedUserId ?? null;
    if (!newUserId && input.status === "in_use") throw new VehicleError("inUseNeedsUser");
    // A vehicle in service keeps its courier (README "Maintenance"); any other assigned vehicle is in use.
    const status: VehicleStatus = newUserId ? (input.status === "maintenance" ? "maintenance" : "in_use") : input.status;
    const now = clockNow().getTime();
    let leaseEndsAt = before?.leaseEndsAt ?? null;
    let approvedRequestId: number | null = null;
    const released = oldUserId && oldUserId !== newUserId ? oldUserId : null;
    const assigned = newUserId && newUserId !== oldUserId ? newUserId : null;

    if (released) {
      releaseUser(tx, adminId, released);
      leaseEndsAt = null;
    }
    if (assigned) {
      const target = tx.select({ role: users.role }).from(users).where(eq(users.id, assigned)).get();
      if (!target || target.role !== "user") throw new VehicleError("userNotEligible");
      const other = tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.assignedUserId, assigned)).get();
      if (other) throw new VehicleError("userHasVehicle");
      try {
        applyUserEvent(tx, assigned, "assignVehicle", { actorId: adminId, reason: "vehicle assigned" });
      } catch (error) {
        if (error instanceof TransitionError) throw new VehicleError("userNotEligible");
        throw error;
      }
      leaseEndsAt = new Date(now + getSettings().leaseDays * DAY);
      approvedRequestId = closePendingRequest(tx, adminId, assigned, id, leaseEndsAt);
    }
    if (!newUserId) leaseEndsAt = null;

    const values = {
      name: input.name,
      characteristicsSk: input.characteristics.sk.trim(),
      characteristicsUa: normalizeOptional(input.characteristics.ua),
      characteristicsEn: normalizeOptional(input.characteristics.en),
      serialNumber: input.serialNumber,
      comment: input.comment,
      status,
      availableSince: status === "future" ? input.availableSince : null,
      assignedUserId: newUserId,
      leaseEndsAt,
      updatedAt: new Date(now),
    };
    const after =
      id === null
        ? tx.insert(vehicles).values(values).returning().get()
        : tx.update(vehicles).set(values).where(eq(vehicles.id, id)).returning().get();
    if (newImages.length) {
      const existing = tx.select({ n: count() }).from(uploads).where(and(eq(uploads.vehicleId, after.id), eq(uploads.kind, "vehicle_image"))).get()?.n ?? 0;
      if (existing + newImages.length > MAX_VEHICLE_IMAGES) throw new VehicleError("tooManyImages");
      insertUploadRows(tx, newImages, { kind: "vehicle_image", vehicleId: after.id });
    }
    // The vehicle changes hands: the courier who gave it back and the one who takes it each get a handover to record.
    if (released) openHandover(tx, { kind: "check_in", vehicleId: after.id, userId: released });
    if (assigned) openHandover(tx, { kind: "check_out", vehicleId: after.id, userId: assigned, requestId: approvedRequestId });
    recordAudit(tx, {
      actorId: adminId,
      action: id === null ? "vehicle.create" : "vehicle.update",
      entityType: "vehicle",
      entityId: after.id,
      subjectUserId: newUserId ?? oldUserId,
      before: snapshot(before),
      after: { ...snapshot(after), addedImages: newImages.length || undefined },
    });
    return after.id;
  });
}

/** Saves a vehicle with the images an admin sent; returns its id. */
export function saveVehicleWithImages(adminId: number, id: number | null, input: VehicleInput, images: ReceivedFile[]) {
  return withNewMedia(images, id === null ? null : { vehicleId: id }, (fresh) => saveVehicle(adminId, id, input, fresh));
}

/**
 * A direct assignment decides the courier's open vehicle request: approved when it asked for this
 * vehicle, otherwise rejected — so no request stays pending for a courier who already rides.
 */
function closePendingRequest(tx: Tx, adminId: number, userId: number, vehicleId: number | null, leaseEndsAt: Date): number | null {
  const pending = tx
    .select()
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending")))
    .get();
  if (!pending) return null;
  const approved = vehicleId !== null && pending.requestedVehicleId === vehicleId;
  const decision = {
    status: approved ? ("approved" as const) : ("rejected" as const),
    reason: approved ? null : "assigned another vehicle directly",
    expiresAt: approved ? leaseEndsAt : null,
    decidedById: adminId,
    decidedAt: clockNow(),
  };
  tx.update(vehicleRequests).set(decision).where(eq(vehicleRequests.id, pending.id)).run();
  recordAudit(tx, {
    actorId: adminId,
    action: approved ? "vehicle_request.approve" : "vehicle_request.reject",
    entityType: "vehicle_request",
    entityId: pending.id,
    subjectUserId: userId,
    before: { status: "pending" },
    after: { status: decision.status, reason: decision.reason },
  });
  return approved ? pending.id : null;
}

/**
 * Takes a vehicle away from a courier through the status machine (a courier without one keeps their
 * status); a renewal they asked for has nothing left to renew.
 */
function releaseUser(tx: Tx, adminId: number, userId: number) {
  const user = tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).get();
  if (user && nextStatus(user.status, "unassignVehicle")) {
    applyUserEvent(tx, userId, "unassignVehicle", { actorId: adminId, reason: "vehicle unassigned" });
  }
  closePendingRenewal(tx, adminId, userId);
}

/** Deletes a vehicle nobody uses; and the files of its images and handover photos. */
export async function deleteVehicle(adminId: number, id: number) {
  const keys = writeTransaction((tx) => {
    const before = tx.select().from(vehicles).where(eq(vehicles.id, id)).get();
    if (!before) throw new VehicleError("notFound");
    if (before.status === "in_use" || before.assignedUserId) throw new VehicleError("inUse");
    // A courier waiting for this vehicle would be left with a request for nothing.
    const awaited = tx.select({ id: vehicleRequests.id }).from(vehicleRequests).where(and(eq(vehicleRequests.requestedVehicleId, id), eq(vehicleRequests.status, "pending"))).get();
    if (awaited) throw new VehicleError("inUse");
    // Its images and the photos of its handovers (the handover rows go with the vehicle).
    const keys = tx
      .select({ storageKey: uploads.storageKey })
      .from(uploads)
      .where(or(eq(uploads.vehicleId, id), inArray(uploads.handoverId, tx.select({ id: handovers.id }).from(handovers).where(eq(handovers.vehicleId, id)))))
      .all();
    tx.delete(vehicles).where(eq(vehicles.id, id)).run();
    recordAudit(tx, { actorId: adminId, action: "vehicle.delete", entityType: "vehicle", entityId: id, before: snapshot(before), after: null });
    return keys.map((k) => k.storageKey);
  });
  return deleteFilesOf(keys);
}

/** An admin notes a problem on a vehicle (its problem history); it starts open like a courier's report. */
export function addVehicleProblem(adminId: number, vehicleId: number, description: string) {
  return writeTransaction((tx) => {
    const vehicle = tx.select({ id: vehicles.id, assignedUserId: vehicles.assignedUserId }).from(vehicles).where(eq(vehicles.id, vehicleId)).get();
    if (!vehicle) throw new VehicleError("notFound");
    const report = tx.insert(problemReports).values({ userId: adminId, vehicleId, description }).returning({ id: problemReports.id }).get();
    recordAudit(tx, { actorId: adminId, action: "vehicle.problem", entityType: "problem_report", entityId: report.id, before: null, after: { vehicleId, description } });
    return report.id;
  });
}

/** Removes one image of a vehicle; and its file; null when there is no such image. */
export async function removeVehicleImage(adminId: number, vehicleId: number, uploadId: number) {
  const keys = writeTransaction((tx) => {
    const image = tx
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.vehicleId, vehicleId), eq(uploads.kind, "vehicle_image")))
      .get();
    if (!image) return null;
    tx.delete(uploads).where(eq(uploads.id, image.id)).run();
    recordAudit(tx, { actorId: adminId, action: "vehicle.image.remove", entityType: "vehicle", entityId: vehicleId, before: { imageId: image.id }, after: null });
    return image.storageKey;
  });
  return deleteFilesOf(keys);
}
