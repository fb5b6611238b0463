import { and, asc, count, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { handovers, problemReports, uploads, users, vehicleRequests, vehicles } from "~db/schema";
import { missingLanguages, normalizeOptional, type LocalizedText } from "~/domain/localized-text";
import { MAX_VEHICLE_IMAGES } from "~/domain/rules";
import type { VehicleFilter } from "~/domain/admin-filters";
import type { LicenceCategory } from "~/domain/content";
import { nextStatus, TransitionError, type UserStatus, type VehicleStatus } from "~/domain/status";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { isUniqueViolation, isVehicleAlreadyLeased } from "~/infra/sql-dialect.server";
import type { PreparedUpload, ReceivedFile } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { openHandover } from "./handovers.server";
import { closePendingRenewal } from "./leases.server";
import { pageIds, toPage } from "./paging.server";
import { likeEscaped } from "./search.server";
import { vehiclesWithServiceDue } from "./maintenance.server";
import { getSettings } from "./settings.server";
import { applyUserEvent } from "./status.server";
import { deleteFilesOf, insertUploadRows, withNewMedia } from "./uploads.server";

const DAY = 24 * 60 * 60 * 1000;

export type VehicleInput = {
  name: string;
  characteristics: LocalizedText;
  serialNumber: string;
  /** The driving licence the vehicle needs; undefined keeps what is stored ("none" for a new vehicle). */
  licenceCategory?: LicenceCategory;
  comment: string | null;
  status: VehicleStatus;
  availableSince: Date | null;
  assignedUserId: number | null;
  /** The courier the admin saw holding the vehicle when the form was drawn (null: nobody); undefined when not known. */
  seenAssignedUserId?: number | null;
};

/** Refusals the vehicle screens translate (`admin:vehicles.errors.<key>`). */
export class VehicleError extends Error {
  constructor(
    readonly key:
      | "notFound"
      | "serialTaken"
      | "assignedMeanwhile"
      | "userHasVehicle"
      | "userNotEligible"
      | "inUse"
      | "inUseNeedsUser"
      | "tooManyImages",
  ) {
    super(key);
  }
}

/** The vehicles table: search by name or serial number, newest first; each row says whether its service is due. */
export async function listVehicles(filter: VehicleFilter) {
  const dueList = await vehiclesWithServiceDue();
  const due = new Map(dueList.map((d) => [d.vehicleId, d.due]));
  const parts = [];
  if (filter.q) parts.push(or(likeEscaped(vehicles.name, filter.q), likeEscaped(vehicles.serialNumber, filter.q)));
  if (filter.service) parts.push(or(eq(vehicles.status, "maintenance"), inArray(vehicles.id, [...due.keys()])));
  const where = parts.length ? and(...parts) : undefined;
  const [counted] = await db().select({ n: count() }).from(vehicles).where(where);
  const found = await db()
    .select({
      id: vehicles.id,
      name: vehicles.name,
      serialNumber: vehicles.serialNumber,
      licenceCategory: vehicles.licenceCategory,
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
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
  const rows = found.map(({ characteristicsSk, characteristicsUa, characteristicsEn, ...row }) => ({
    ...row,
    missingLanguages: missingLanguages({ sk: characteristicsSk, ua: characteristicsUa, en: characteristicsEn }),
    serviceDue: due.get(row.id) ?? null,
  }));
  return toPage(rows, counted?.n ?? 0, filter.page);
}

export async function getVehicle(id: number) {
  const [vehicle] = await db().select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
  if (!vehicle) return null;
  const [assignee] = vehicle.assignedUserId
    ? await db()
        .select({ id: users.id, email: users.email, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, vehicle.assignedUserId))
        .limit(1)
    : [];
  return {
    vehicle,
    assignee: assignee ?? null,
    images: await vehicleImages(id),
    problems: await db()
      .select({
        id: problemReports.id,
        description: problemReports.description,
        status: problemReports.status,
        response: problemReports.response,
        createdAt: problemReports.createdAt,
        userEmail: users.email,
      })
      .from(problemReports)
      .leftJoin(users, eq(users.id, problemReports.userId))
      .where(eq(problemReports.vehicleId, id))
      .orderBy(desc(problemReports.createdAt), desc(problemReports.id)),
  };
}

export async function vehicleImages(vehicleId: number) {
  return await db()
    .select({ id: uploads.id, width: uploads.width, height: uploads.height, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(eq(uploads.vehicleId, vehicleId), eq(uploads.kind, "vehicle_image")))
    .orderBy(asc(uploads.position), asc(uploads.id));
}

/** Users an admin may give this vehicle to: couriers the status machine allows and who ride nothing else. */
export async function assignableUsers(vehicleId: number | null) {
  const eligible = (
    [
      "working_no_vehicle",
      "applied_for_vehicle",
      "vehicle_rejected",
      "lease_expired",
      "working_with_vehicle",
    ] as UserStatus[]
  ).filter((s) => nextStatus(s, "assignVehicle") !== null);
  return await db()
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .leftJoin(vehicles, eq(vehicles.assignedUserId, users.id))
    .where(
      and(
        eq(users.role, "user"),
        inArray(users.status, eligible),
        vehicleId ? or(isNull(vehicles.id), eq(vehicles.id, vehicleId)) : isNull(vehicles.id),
      ),
    )
    .orderBy(asc(users.email));
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
export async function saveVehicle(
  adminId: number,
  id: number | null,
  input: VehicleInput,
  newImages: PreparedUpload[] = [],
) {
  const { leaseDays } = await getSettings();
  return transaction(async (tx) => {
    const [before] = id === null ? [] : await tx.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
    if (id !== null && !before) throw new VehicleError("notFound");
    // Another admin gave or took the vehicle since this form was drawn: this one decided on a stale picture.
    if (input.seenAssignedUserId !== undefined && (before?.assignedUserId ?? null) !== input.seenAssignedUserId)
      throw new VehicleError("assignedMeanwhile");
    const [serialClash] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        id === null
          ? eq(vehicles.serialNumber, input.serialNumber)
          : and(eq(vehicles.serialNumber, input.serialNumber), ne(vehicles.id, id)),
      )
      .limit(1);
    if (serialClash) throw new VehicleError("serialTaken");

    const newUserId = input.assignedUserId;
    const oldUserId = before?.assignedUserId ?? null;
    if (!newUserId && input.status === "in_use") throw new VehicleError("inUseNeedsUser");
    // A vehicle in service keeps its courier (docs/fleet-rules.md, "Maintenance"); any other assigned vehicle is in use.
    const status: VehicleStatus = newUserId
      ? input.status === "maintenance"
        ? "maintenance"
        : "in_use"
      : input.status;
    const now = clockNow().getTime();
    let leaseEndsAt = before?.leaseEndsAt ?? null;
    let approvedRequestId: number | null = null;
    const released = oldUserId && oldUserId !== newUserId ? oldUserId : null;
    const assigned = newUserId && newUserId !== oldUserId ? newUserId : null;

    // The holder the final update expects to find: the vehicle changes hands only if nobody else changed them.
    let holder = oldUserId;
    if (released) {
      await releaseUser(tx, adminId, released);
      leaseEndsAt = null;
      // Through nobody: the database refuses a holder replaced by another in one write (vehicles_one_holder).
      const freed = await tx
        .update(vehicles)
        .set({ assignedUserId: null, leaseEndsAt: null, updatedAt: new Date(now) })
        .where(and(eq(vehicles.id, id!), eq(vehicles.assignedUserId, released)))
        .returning({ id: vehicles.id });
      if (freed.length === 0) throw new VehicleError("assignedMeanwhile");
      holder = null;
    }
    if (assigned) {
      const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, assigned)).limit(1);
      if (!target || target.role !== "user") throw new VehicleError("userNotEligible");
      const [other] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(eq(vehicles.assignedUserId, assigned))
        .limit(1);
      if (other) throw new VehicleError("userHasVehicle");
      try {
        await applyUserEvent(tx, assigned, "assignVehicle", { actorId: adminId, reason: "vehicle assigned" });
      } catch (error) {
        if (error instanceof TransitionError) throw new VehicleError("userNotEligible");
        throw error;
      }
      leaseEndsAt = new Date(now + leaseDays * DAY);
      approvedRequestId = await closePendingRequest(tx, adminId, assigned, id, leaseEndsAt);
    }
    if (!newUserId) leaseEndsAt = null;

    const values = {
      name: input.name,
      characteristicsSk: input.characteristics.sk.trim(),
      characteristicsUa: normalizeOptional(input.characteristics.ua),
      characteristicsEn: normalizeOptional(input.characteristics.en),
      serialNumber: input.serialNumber,
      licenceCategory: input.licenceCategory ?? before?.licenceCategory ?? "none",
      comment: input.comment,
      status,
      availableSince: status === "future" ? input.availableSince : null,
      assignedUserId: newUserId,
      leaseEndsAt,
      updatedAt: new Date(now),
    };
    const after = await writeVehicle(tx, id, holder, values);
    if (newImages.length) {
      const [existing] = await tx
        .select({ n: count() })
        .from(uploads)
        .where(and(eq(uploads.vehicleId, after.id), eq(uploads.kind, "vehicle_image")));
      if ((existing?.n ?? 0) + newImages.length > MAX_VEHICLE_IMAGES) throw new VehicleError("tooManyImages");
      await insertUploadRows(tx, newImages, { kind: "vehicle_image", vehicleId: after.id });
    }
    // The vehicle changes hands: the courier who gave it back and the one who takes it each get a handover to record.
    if (released) await openHandover(tx, { kind: "check_in", vehicleId: after.id, userId: released });
    if (assigned)
      await openHandover(tx, {
        kind: "check_out",
        vehicleId: after.id,
        userId: assigned,
        requestId: approvedRequestId,
      });
    await recordAudit(tx, {
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

/**
 * The vehicle's row: inserted, or updated only while it is held by `holder` (row count checked). The
 * database's invariants (one vehicle per courier, one holder per vehicle) become refusals.
 */
async function writeVehicle(
  tx: Tx,
  id: number | null,
  holder: number | null,
  values: Omit<typeof vehicles.$inferInsert, "id">,
) {
  try {
    const [after] =
      id === null
        ? await tx.insert(vehicles).values(values).returning()
        : await tx
            .update(vehicles)
            .set(values)
            .where(
              and(
                eq(vehicles.id, id),
                holder === null ? isNull(vehicles.assignedUserId) : eq(vehicles.assignedUserId, holder),
              ),
            )
            .returning();
    if (!after) throw new VehicleError("assignedMeanwhile");
    return after;
  } catch (error) {
    if (isUniqueViolation(error, "vehicles.assigned_user_id")) throw new VehicleError("userHasVehicle");
    if (isUniqueViolation(error, "vehicles.serial_number")) throw new VehicleError("serialTaken");
    if (isVehicleAlreadyLeased(error)) throw new VehicleError("assignedMeanwhile");
    throw error;
  }
}

/** Saves a vehicle with the images an admin sent; returns its id. */
export function saveVehicleWithImages(adminId: number, id: number | null, input: VehicleInput, images: ReceivedFile[]) {
  return withNewMedia(images, id === null ? null : { vehicleId: id }, (fresh) =>
    saveVehicle(adminId, id, input, fresh),
  );
}

/**
 * A direct assignment decides the courier's open vehicle request: approved when it asked for this
 * vehicle, otherwise rejected — so no request stays pending for a courier who already rides.
 */
async function closePendingRequest(
  tx: Tx,
  adminId: number,
  userId: number,
  vehicleId: number | null,
  leaseEndsAt: Date,
): Promise<number | null> {
  const [pending] = await tx
    .select()
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending")))
    .limit(1);
  if (!pending) return null;
  const approved = vehicleId !== null && pending.requestedVehicleId === vehicleId;
  const decision = {
    status: approved ? ("approved" as const) : ("rejected" as const),
    reason: approved ? null : "assigned another vehicle directly",
    expiresAt: approved ? leaseEndsAt : null,
    decidedById: adminId,
    decidedAt: clockNow(),
  };
  await tx.update(vehicleRequests).set(decision).where(eq(vehicleRequests.id, pending.id));
  await recordAudit(tx, {
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
async function releaseUser(tx: Tx, adminId: number, userId: number) {
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  if (user && nextStatus(user.status, "unassignVehicle")) {
    await applyUserEvent(tx, userId, "unassignVehicle", { actorId: adminId, reason: "vehicle unassigned" });
  }
  await closePendingRenewal(tx, adminId, userId);
}

/** Deletes a vehicle nobody uses; and the files of its images and handover photos. */
export async function deleteVehicle(adminId: number, id: number) {
  const keys = await transaction(async (tx) => {
    const [before] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).limit(1);
    if (!before) throw new VehicleError("notFound");
    if (before.status === "in_use" || before.assignedUserId) throw new VehicleError("inUse");
    // A courier waiting for this vehicle would be left with a request for nothing.
    const [awaited] = await tx
      .select({ id: vehicleRequests.id })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.requestedVehicleId, id), eq(vehicleRequests.status, "pending")))
      .limit(1);
    if (awaited) throw new VehicleError("inUse");
    // Its images and the photos of its handovers (the handover rows go with the vehicle).
    const keys = await tx
      .select({ storageKey: uploads.storageKey })
      .from(uploads)
      .where(
        or(
          eq(uploads.vehicleId, id),
          inArray(
            uploads.handoverId,
            tx.select({ id: handovers.id }).from(handovers).where(eq(handovers.vehicleId, id)),
          ),
        ),
      );
    await tx.delete(vehicles).where(eq(vehicles.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.delete",
      entityType: "vehicle",
      entityId: id,
      before: snapshot(before),
      after: null,
    });
    return keys.map((k) => k.storageKey);
  });
  return deleteFilesOf(keys);
}

/** An admin notes a problem on a vehicle (its problem history); it starts open like a courier's report. */
export async function addVehicleProblem(adminId: number, vehicleId: number, description: string) {
  return transaction(async (tx) => {
    const [vehicle] = await tx
      .select({ id: vehicles.id, assignedUserId: vehicles.assignedUserId })
      .from(vehicles)
      .where(eq(vehicles.id, vehicleId))
      .limit(1);
    if (!vehicle) throw new VehicleError("notFound");
    const [report] = await tx
      .insert(problemReports)
      .values({ userId: adminId, vehicleId, description })
      .returning({ id: problemReports.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.problem",
      entityType: "problem_report",
      entityId: report!.id,
      before: null,
      after: { vehicleId, description },
    });
    return report!.id;
  });
}

/** Removes one image of a vehicle; and its file; null when there is no such image. */
export async function removeVehicleImage(adminId: number, vehicleId: number, uploadId: number) {
  const keys = await transaction(async (tx) => {
    const [image] = await tx
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.vehicleId, vehicleId), eq(uploads.kind, "vehicle_image")))
      .limit(1);
    if (!image) return null;
    await tx.delete(uploads).where(eq(uploads.id, image.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.image.remove",
      entityType: "vehicle",
      entityId: vehicleId,
      before: { imageId: image.id },
      after: null,
    });
    return image.storageKey;
  });
  return deleteFilesOf(keys);
}
