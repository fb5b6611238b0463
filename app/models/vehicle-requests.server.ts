import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { users, vehicleRequests, vehicles } from "~db/schema";
import { sameVehicleGroups } from "~/domain/bulk-conflicts";
import { renewalRefusal, renewedLeaseEnd } from "~/domain/lease-renewal";
import { weekOf } from "~/domain/pay-week";
import { RENT_AGREEMENT_VERSION, type RentAgreementInput, type RentAgreementView } from "~/domain/rent-agreement";
import type { QueueFilter } from "~/domain/review-queue";
import { TransitionError, type RequestKind, type RequestStatus, type UserEvent } from "~/domain/status";
import { now as clockNow } from "~/infra/clock.server";
import { db, preparedQuery, savepoint, transaction, type Tx } from "~/infra/db.server";
import { forUpdate, isUniqueViolation, isVehicleAlreadyLeased } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser, type DecisionMail } from "./decisions.server";
import { openHandover } from "./handovers.server";
import { getPaySettingsForWeek, getSettings } from "./settings.server";
import { translatorFor } from "~/infra/i18n.server";
import { pageIds, toPage } from "./paging.server";
import { personMatches, vehicleMatches } from "./search.server";
import { applyUserEvent } from "./status.server";
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
  licenceCategory: vehicles.licenceCategory,
};

/** Vehicles a courier may ask for: free ones to request, `future` ones (with their date) to reserve. */
export async function listRequestableVehicles() {
  const rows = await db()
    .select(vehicleCard)
    .from(vehicles)
    .where(and(inArray(vehicles.status, ["available", "future"]), isNull(vehicles.assignedUserId)))
    .orderBy(vehicles.status, vehicles.name);
  const images = await listVehicleImages(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, images: images.get(row.id) ?? [] }));
}

/** The vehicle assigned to the user, with its images. */
const assignedVehicle = preparedQuery((connection) =>
  connection
    .select(vehicleCard)
    .from(vehicles)
    .where(eq(vehicles.assignedUserId, sql.placeholder("userId")))
    .prepare(),
);

export async function getAssignedVehicle(userId: number) {
  const [row] = await assignedVehicle().execute({ userId });
  return row && { ...row, images: (await listVehicleImages([row.id])).get(row.id) ?? [] };
}

/** The user's own requests, newest first, with the vehicles' names. */
const currentVehicle = alias(vehicles, "current_vehicle");
const requestedVehicle = alias(vehicles, "requested_vehicle");
const ownVehicleRequests = preparedQuery((connection) =>
  connection
    .select({
      request: vehicleRequests,
      currentVehicleName: currentVehicle.name,
      requestedVehicleName: requestedVehicle.name,
    })
    .from(vehicleRequests)
    .leftJoin(currentVehicle, eq(currentVehicle.id, vehicleRequests.currentVehicleId))
    .leftJoin(requestedVehicle, eq(requestedVehicle.id, vehicleRequests.requestedVehicleId))
    .where(eq(vehicleRequests.userId, sql.placeholder("userId")))
    .orderBy(desc(vehicleRequests.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export async function listOwnVehicleRequests(userId: number, limit = 5) {
  const rows = await ownVehicleRequests().execute({ userId, limit });
  return rows.map(({ request, currentVehicleName, requestedVehicleName }) => ({
    ...request,
    currentVehicleName: request.currentVehicleId ? currentVehicleName : null,
    requestedVehicleName: request.requestedVehicleId ? requestedVehicleName : null,
  }));
}

/**
 * A courier asks for a vehicle. Without a vehicle: `request` (available) or `reserve` (future),
 * user → applied_for_vehicle. With one: a `swap` naming the current and the requested vehicle; the
 * user keeps riding until the decision. One open request per user.
 */
export async function createVehicleRequest(
  userId: number,
  vehicleId: number,
  agreement: RentAgreementInput | null,
): Promise<VehicleRequestRow> {
  return transaction(async (tx) => {
    // Expired right-to-stay documents block new requests and swaps until an admin accepts the new one.
    const [requester] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
    if (requester?.status === "documents_expired") throw new DecisionError("documentsExpired");
    const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1);
    if (!vehicle) throw new DecisionError("notFound");
    if (!["available", "future"].includes(vehicle.status) || vehicle.assignedUserId != null)
      throw new DecisionError("vehicleUnavailable");
    const [open] = await tx
      .select({ id: vehicleRequests.id })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending")))
      .limit(1);
    if (open) throw new DecisionError("pendingExists");
    const [current] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.assignedUserId, userId))
      .limit(1);
    let kind: RequestKind;
    if (current) {
      // A swap is for someone riding now; after the lease ends the admin decides first.
      if (requester?.status !== "working_with_vehicle") throw new DecisionError("notAllowed");
      kind = "swap";
    } else {
      kind = vehicle.status === "future" ? "reserve" : "request";
      try {
        await applyUserEvent(tx, userId, "requestVehicle", { actorId: userId });
      } catch (error) {
        if (error instanceof TransitionError) throw new DecisionError("notAllowed");
        throw error;
      }
    }
    // Rent is deducted only with the courier's written agreement to the rent in force (CONTRACT §8);
    // a refusal here rolls back the status change above with the rest of the transaction.
    if (!agreement || agreement.version !== RENT_AGREEMENT_VERSION) throw new DecisionError("rentAgreementRequired");
    const at = clockNow();
    const { rentPerDayCents } = await getPaySettingsForWeek(weekOf(at), tx);
    if (agreement.rentPerDayCents !== rentPerDayCents) throw new DecisionError("rentChanged");
    return insertRequest(tx, {
      userId,
      kind,
      currentVehicleId: current?.id ?? null,
      requestedVehicleId: vehicleId,
      rentAgreementVersion: RENT_AGREEMENT_VERSION,
      rentAgreedCents: rentPerDayCents,
      rentAgreedAt: at,
    });
  });
}

/**
 * The rent agreement kept with the courier's lease of this vehicle: the one of the approved request
 * that gave it to them (a renewal keeps it). Null for a vehicle an admin assigned directly.
 */
export async function getLeaseRentAgreement(userId: number, vehicleId: number): Promise<RentAgreementView | null> {
  const [row] = await db()
    .select({
      version: vehicleRequests.rentAgreementVersion,
      rentPerDayCents: vehicleRequests.rentAgreedCents,
      agreedAt: vehicleRequests.rentAgreedAt,
    })
    .from(vehicleRequests)
    .where(
      and(
        eq(vehicleRequests.userId, userId),
        eq(vehicleRequests.requestedVehicleId, vehicleId),
        eq(vehicleRequests.status, "approved"),
        isNotNull(vehicleRequests.rentAgreedAt),
      ),
    )
    .orderBy(desc(vehicleRequests.decidedAt), desc(vehicleRequests.id))
    .limit(1);
  if (!row?.version || row.rentPerDayCents === null || !row.agreedAt) return null;
  return { version: row.version, rentPerDayCents: row.rentPerDayCents, agreedAt: row.agreedAt.toISOString() };
}

/**
 * The courier asks to renew the lease of the vehicle they hold (from `leaseRenewalWindowDays` before
 * its end, app/domain/lease-renewal.ts). No status change: they keep riding until the decision.
 */
export async function createRenewalRequest(userId: number): Promise<VehicleRequestRow> {
  const { leaseRenewalWindowDays } = await getSettings();
  return transaction(async (tx) => {
    // Locked until the commit: twenty clicks at once take turns, and the second finds the first's request.
    const [user] = await forUpdate(
      tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1),
    );
    const [vehicle] = await tx
      .select({ id: vehicles.id, leaseEndsAt: vehicles.leaseEndsAt })
      .from(vehicles)
      .where(eq(vehicles.assignedUserId, userId))
      .limit(1);
    if (!user) throw new DecisionError("notFound");
    const open = await tx
      .select({ id: vehicleRequests.id })
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending")))
      .limit(1);
    const refusal = renewalRefusal({
      status: user.status,
      leaseEndsAt: vehicle?.leaseEndsAt ?? null,
      now: clockNow(),
      windowDays: leaseRenewalWindowDays,
      hasPendingRequest: open.length > 0,
    });
    if (refusal) throw new DecisionError(refusal);
    return insertRequest(tx, {
      userId,
      kind: "renewal",
      currentVehicleId: vehicle!.id,
      requestedVehicleId: vehicle!.id,
      createdAt: clockNow(),
    });
  });
}

/** The insert of a courier's request; the database's one-pending-request index refuses a second one (pendingExists). */
async function insertRequest(tx: Tx, values: typeof vehicleRequests.$inferInsert) {
  try {
    const [row] = await tx.insert(vehicleRequests).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error, "vehicle_requests.user_id")) throw new DecisionError("pendingExists");
    throw error;
  }
}

/**
 * Gives the vehicle to the courier only if it is still free: the update's condition decides, and a
 * row count of 0 (another approval or assignment got there first) is a refusal. The database's own
 * invariants (one holder per vehicle, one vehicle per courier) answer the same refusal.
 */
async function claimVehicle(tx: Tx, vehicleId: number, userId: number, leaseEndsAt: Date, at: Date) {
  try {
    const claimed = await tx
      .update(vehicles)
      .set({ status: "in_use", assignedUserId: userId, leaseEndsAt, updatedAt: at })
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.status, "available"), isNull(vehicles.assignedUserId)))
      .returning({ id: vehicles.id });
    if (claimed.length === 0) throw new DecisionError("vehicleUnavailable");
  } catch (error) {
    if (isVehicleAlreadyLeased(error) || isUniqueViolation(error, "vehicles.assigned_user_id"))
      throw new DecisionError("vehicleUnavailable");
    throw error;
  }
}

/** Decides the request only if it is still pending (row count checked): a decision is taken once. */
async function settleRequest(tx: Tx, requestId: number, values: Partial<typeof vehicleRequests.$inferInsert>) {
  const settled = await tx
    .update(vehicleRequests)
    .set(values)
    .where(and(eq(vehicleRequests.id, requestId), eq(vehicleRequests.status, "pending")))
    .returning({ id: vehicleRequests.id });
  if (settled.length === 0) throw new DecisionError("notPending");
}

/** The user's status may have moved on since the request (an admin ended a lease): refuse, do not crash. */
async function applyDecision(tx: Tx, userId: number, event: UserEvent, adminId: number, reason: string | null) {
  try {
    await applyUserEvent(tx, userId, event, { actorId: adminId, reason });
  } catch (error) {
    if (error instanceof TransitionError) throw new DecisionError("notAllowed");
    throw error;
  }
}

async function pendingRequest(tx: Tx, requestId: number) {
  // Locked until the commit: of two admins deciding at once, the second waits, then finds it decided.
  const [row] = await forUpdate(tx.select().from(vehicleRequests).where(eq(vehicleRequests.id, requestId)).limit(1));
  if (!row) throw new DecisionError("notFound");
  if (row.status !== "pending") throw new DecisionError("notPending");
  return row;
}

type Decided = { userId: number; mail: DecisionMail; values: Record<string, string | Date>; expiresAt?: Date };

/** A renewal keeps the courier on the vehicle they ride: the lease end moves one lease length past the current end. */
async function approveRenewalIn(
  tx: Tx,
  adminId: number,
  request: VehicleRequestRow,
  at: Date,
  leaseDays: number,
): Promise<Decided> {
  const [vehicle] = request.currentVehicleId
    ? await tx
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, request.currentVehicleId), eq(vehicles.assignedUserId, request.userId)))
        .limit(1)
    : [];
  if (!vehicle?.leaseEndsAt) throw new DecisionError("noVehicle");
  const expiresAt = renewedLeaseEnd(vehicle.leaseEndsAt, leaseDays, at);
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, request.userId)).limit(1);
  // The lease may have ended while the request waited (docs/fleet-rules.md, "Leases"): the courier rides again.
  if (user?.status === "lease_expired") await applyDecision(tx, request.userId, "renewLease", adminId, "lease renewed");
  await tx.update(vehicles).set({ leaseEndsAt: expiresAt, updatedAt: at }).where(eq(vehicles.id, vehicle.id));
  await settleRequest(tx, request.id, { status: "approved", expiresAt, decidedById: adminId, decidedAt: at });
  await recordAudit(tx, {
    actorId: adminId,
    action: "vehicle_request.approve",
    entityType: "vehicle_request",
    entityId: request.id,
    subjectUserId: request.userId,
    before: { status: "pending", kind: request.kind, leaseEndsAt: vehicle.leaseEndsAt.toISOString() },
    after: { status: "approved", vehicleId: vehicle.id, leaseEndsAt: expiresAt.toISOString() },
  });
  return {
    userId: request.userId,
    mail: "renewalApproved",
    values: { vehicle: vehicle.name, date: expiresAt },
    expiresAt,
  };
}

async function approveIn(tx: Tx, adminId: number, requestId: number, at: Date, leaseDays: number): Promise<Decided> {
  const request = await pendingRequest(tx, requestId);
  if (request.kind === "renewal") return approveRenewalIn(tx, adminId, request, at, leaseDays);
  const expiresAt = new Date(at.getTime() + leaseDays * DAY);
  const [vehicle] = request.requestedVehicleId
    ? await tx.select().from(vehicles).where(eq(vehicles.id, request.requestedVehicleId)).limit(1)
    : [];
  if (!vehicle) throw new DecisionError("vehicleUnavailable");
  if (vehicle.status === "future" && vehicle.assignedUserId == null) throw new DecisionError("vehicleNotYetAvailable");
  if (vehicle.status !== "available" || vehicle.assignedUserId != null) throw new DecisionError("vehicleUnavailable");
  const swap = request.kind === "swap";
  if (swap) {
    // Free the old vehicle first: a user holds at most one vehicle (unique index). It comes back with a
    // check-in; one in service stays there.
    const [old] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.assignedUserId, request.userId))
      .limit(1);
    await tx
      .update(vehicles)
      .set({
        status: sql`case when ${vehicles.status} = 'maintenance' then 'maintenance' else 'available' end`,
        assignedUserId: null,
        leaseEndsAt: null,
        updatedAt: at,
      })
      .where(eq(vehicles.assignedUserId, request.userId));
    if (old) await openHandover(tx, { kind: "check_in", vehicleId: old.id, userId: request.userId, requestId });
  }
  await applyDecision(tx, request.userId, swap ? "approveSwap" : "approveVehicleRequest", adminId, null);
  await claimVehicle(tx, vehicle.id, request.userId, expiresAt, at);
  await settleRequest(tx, requestId, { status: "approved", expiresAt, decidedById: adminId, decidedAt: at });
  await openHandover(tx, { kind: "check_out", vehicleId: vehicle.id, userId: request.userId, requestId });
  await recordAudit(tx, {
    actorId: adminId,
    action: "vehicle_request.approve",
    entityType: "vehicle_request",
    entityId: requestId,
    subjectUserId: request.userId,
    before: { status: "pending", kind: request.kind, currentVehicleId: request.currentVehicleId },
    after: { status: "approved", vehicleId: vehicle.id, expiresAt: expiresAt.toISOString() },
  });
  return {
    userId: request.userId,
    mail: swap ? "swapApproved" : "vehicleApproved",
    values: { vehicle: vehicle.name, date: expiresAt },
    expiresAt,
  };
}

async function rejectIn(tx: Tx, adminId: number, requestId: number, trimmed: string): Promise<Decided> {
  const request = await pendingRequest(tx, requestId);
  await settleRequest(tx, requestId, {
    status: "rejected",
    reason: trimmed,
    decidedById: adminId,
    decidedAt: clockNow(),
  });
  // A declined renewal leaves the lease as it is: no status change.
  if (request.kind !== "renewal")
    await applyDecision(
      tx,
      request.userId,
      request.kind === "swap" ? "rejectSwap" : "rejectVehicleRequest",
      adminId,
      trimmed,
    );
  await recordAudit(tx, {
    actorId: adminId,
    action: "vehicle_request.reject",
    entityType: "vehicle_request",
    entityId: requestId,
    subjectUserId: request.userId,
    before: { status: "pending", kind: request.kind },
    after: { status: "rejected", reason: trimmed },
  });
  const mail: DecisionMail =
    request.kind === "renewal" ? "renewalRejected" : request.kind === "swap" ? "swapRejected" : "vehicleRejected";
  return { userId: request.userId, mail, values: { reason: trimmed } };
}

/** Queues the user's e-mail about a decision in the decision's own transaction (or savepoint). */
async function withMail(tx: Tx, deciding: Promise<Decided>) {
  const decided = await deciding;
  await notifyUser(tx, decided.userId, decided.mail, decided.values);
  return decided;
}

/**
 * Admin decision: approves a pending request. The requested vehicle must be `available` now — a
 * reservation of a `future` vehicle is approved once the admin has made it available. Request and
 * reserve: vehicle → in_use for the user, user → working_with_vehicle. Swap: the old vehicle goes
 * back to `available` (a check-in waits), the new one is assigned (a check-out waits). The lease
 * ends `leaseDays` (default from settings) from now; the request records it as `expiresAt`. A
 * renewal moves the lease end one lease length past the current end. One transaction with the status
 * history, the audit entry and the user's e-mail (queued in the outbox). Throws DecisionError.
 */
export async function approveVehicleRequest(adminId: number, requestId: number, options: { leaseDays?: number } = {}) {
  const leaseDays = options.leaseDays && options.leaseDays > 0 ? options.leaseDays : (await getSettings()).leaseDays;
  const outcome = await transaction((tx) => withMail(tx, approveIn(tx, adminId, requestId, clockNow(), leaseDays)));
  return { expiresAt: outcome.expiresAt! };
}

/** Admin decision: rejects a pending request with a reason (user → vehicle_rejected; a swap or renewal leaves the user riding). */
export async function rejectVehicleRequest(adminId: number, requestId: number, reason: string) {
  const trimmed = reason.trim();
  if (!trimmed) throw new DecisionError("reasonRequired");
  await transaction((tx) => withMail(tx, rejectIn(tx, adminId, requestId, trimmed)));
}

/** A row a bulk decision did not decide: whose request and why (a DecisionError key). */
export type SkippedRequest = { id: number; courier: string; reason: DecisionError["key"] };

/**
 * Bulk decision on many pending requests in one transaction (each row in its own savepoint, so a
 * request that can no longer be decided is skipped alone, with its e-mail); one audit entry and one e-mail per row.
 * A request for a vehicle this same bulk has just given to another courier is closed: rejected with a
 * translated reason the courier is e-mailed (`closed`). Every other row not decided is in `skippedRows`
 * with its courier and reason.
 */
export async function decideVehicleRequests(
  adminId: number,
  requestIds: number[],
  decision: "approve" | "reject",
  reason = "",
) {
  const trimmed = reason.trim();
  if (decision === "reject" && !trimmed) throw new DecisionError("reasonRequired");
  const at = clockNow();
  const { leaseDays } = await getSettings();
  const outcome = await transaction(async (tx) => {
    const done: (Decided & { id: number })[] = [];
    const skippedRows: SkippedRequest[] = [];
    const closed: { id: number; courier: string }[] = [];
    const ids = [...new Set(requestIds)].sort((a, b) => a - b);
    // Every selected request is locked before any vehicle or courier, in id order: two bulks whose
    // selections overlap queue on their first shared request instead of each holding a vehicle the
    // other waits for (a deadlock on PostgreSQL).
    await forUpdate(
      tx
        .select({ id: vehicleRequests.id })
        .from(vehicleRequests)
        .where(inArray(vehicleRequests.id, ids))
        .orderBy(asc(vehicleRequests.id)),
    );
    const rows = await tx
      .select({
        id: vehicleRequests.id,
        vehicleId: vehicleRequests.requestedVehicleId,
        kind: vehicleRequests.kind,
        fullName: users.fullName,
        email: users.email,
        language: users.language,
      })
      .from(vehicleRequests)
      .innerJoin(users, eq(users.id, vehicleRequests.userId))
      .where(inArray(vehicleRequests.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const given = new Set<number>();
    for (const id of ids) {
      const row = byId.get(id);
      try {
        const decided = await savepoint(tx, (sp) =>
          withMail(
            sp,
            decision === "approve" ? approveIn(sp, adminId, id, at, leaseDays) : rejectIn(sp, adminId, id, trimmed),
          ),
        );
        done.push({ id, ...decided });
        if (decision === "approve" && row?.kind !== "renewal" && row?.vehicleId) given.add(row.vehicleId);
      } catch (error) {
        if (!(error instanceof DecisionError)) throw error;
        if (row && row.kind !== "renewal" && row.vehicleId && given.has(row.vehicleId)) {
          // The vehicle went to another request of this bulk: close this one, in the courier's language.
          const note = translatorFor(row.language)("dashboard:refusals.vehicleTakenInBulk");
          await savepoint(tx, (sp) => withMail(sp, rejectIn(sp, adminId, id, note)));
          closed.push({ id, courier: row.fullName ?? row.email });
        } else skippedRows.push({ id, courier: row ? (row.fullName ?? row.email) : `#${id}`, reason: error.key });
      }
    }
    return { done, skippedRows, closed };
  });
  return {
    done: outcome.done.map((d) => d.id),
    skipped: outcome.skippedRows.map((row) => row.id),
    skippedRows: outcome.skippedRows,
    closed: outcome.closed,
  };
}

/**
 * Among the selected requests, the groups that want the same vehicle (app/domain/bulk-conflicts.ts):
 * each with the vehicle's name and the couriers, the one who would get it first. Read-only: the bulk
 * approval asks the admin to confirm these before it decides anything.
 */
export async function sameVehicleConflicts(requestIds: number[]) {
  if (requestIds.length === 0) return [];
  const rows = await db()
    .select({
      id: vehicleRequests.id,
      status: vehicleRequests.status,
      kind: vehicleRequests.kind,
      vehicleId: vehicleRequests.requestedVehicleId,
      vehicleName: vehicles.name,
      courier: sql<string>`coalesce(${users.fullName}, ${users.email})`,
    })
    .from(vehicleRequests)
    .innerJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(vehicles, eq(vehicles.id, vehicleRequests.requestedVehicleId))
    .where(inArray(vehicleRequests.id, requestIds));
  return sameVehicleGroups(rows).map((group) => ({
    vehicleId: group.vehicleId,
    vehicleName: group.rows[0]!.vehicleName ?? `#${group.vehicleId}`,
    rows: group.rows.map((row) => ({ id: row.id, courier: row.courier })),
  }));
}

/** Vehicle requests (pending by default, oldest first): user, current → requested vehicle, date, lease end, status. */
export async function listVehicleRequests(filter: QueueFilter<RequestStatus>) {
  const current = alias(vehicles, "current");
  const requested = alias(vehicles, "requested");
  const where = and(
    filter.status === "all" ? undefined : eq(vehicleRequests.status, filter.status),
    filter.q
      ? or(
          personMatches(vehicleRequests.userId, filter.q),
          vehicleMatches(vehicleRequests.requestedVehicleId, filter.q),
        )
      : undefined,
  );
  const dir = filter.sort === "oldest" ? asc : desc;
  const order = [dir(vehicleRequests.createdAt), dir(vehicleRequests.id)];
  const [counted] = await db().select({ n: count() }).from(vehicleRequests).where(where);
  const rows = await db()
    .select({
      id: vehicleRequests.id,
      kind: vehicleRequests.kind,
      status: vehicleRequests.status,
      reason: vehicleRequests.reason,
      createdAt: vehicleRequests.createdAt,
      expiresAt: vehicleRequests.expiresAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      currentName: current.name,
      currentLeaseEndsAt: current.leaseEndsAt,
      requestedId: requested.id,
      requestedName: requested.name,
      requestedStatus: requested.status,
      requestedAvailableSince: requested.availableSince,
    })
    .from(vehicleRequests)
    .innerJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(current, eq(current.id, vehicleRequests.currentVehicleId))
    .leftJoin(requested, eq(requested.id, vehicleRequests.requestedVehicleId))
    .where(inArray(vehicleRequests.id, pageIds(vehicleRequests, where, order, filter.page)))
    .orderBy(...order);
  return toPage(rows, counted?.n ?? 0, filter.page);
}
