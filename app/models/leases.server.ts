import { and, asc, count, eq, isNotNull, lte, or } from "drizzle-orm";
import { users, vehicleRequests, vehicles } from "~db/schema";
import { now as clockNow } from "~/infra/clock.server";
import { db, writeTransaction } from "~/infra/db.server";
import { log } from "~/infra/log.server";
import { likeEscaped } from "./admin-list.server";
import { recordAudit } from "./audit.server";
import { openHandover } from "./handovers.server";
import { applyUserEvent, type Tx } from "./status.server";

export class LeaseError extends Error {
  constructor(readonly key: "notFound" | "notExpired" | "dateInPast") {
    super(key);
  }
}

/** How many leases the admin page shows: the ones ending soonest, which are the ones to act on. */
export const LEASES_SHOWN = 50;

/**
 * Every vehicle out on a lease, soonest end first: the admin's renew-or-end list. The queue's search
 * term narrows it too (courier's name or e-mail, vehicle name or serial number).
 */
export function listLeases(q = "", limit = LEASES_SHOWN) {
  const where = and(
    isNotNull(vehicles.assignedUserId),
    q ? or(likeEscaped(users.email, q), likeEscaped(users.fullName, q), likeEscaped(vehicles.name, q), likeEscaped(vehicles.serialNumber, q)) : undefined,
  );
  const rows = db()
    .select({
      vehicleId: vehicles.id,
      vehicleName: vehicles.name,
      serialNumber: vehicles.serialNumber,
      leaseEndsAt: vehicles.leaseEndsAt,
      userId: users.id,
      userEmail: users.email,
      userName: users.fullName,
      userStatus: users.status,
    })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.assignedUserId))
    .where(where)
    .orderBy(asc(vehicles.leaseEndsAt))
    .limit(limit)
    .all();
  const total = db().select({ n: count() }).from(vehicles).innerJoin(users, eq(users.id, vehicles.assignedUserId)).where(where).get()?.n ?? 0;
  return { rows, total };
}

/**
 * The scheduled job: couriers whose lease end has passed move to `lease_expired`. Idempotent — it
 * only acts on couriers still `working_with_vehicle`, so re-running it or restarting changes nothing.
 * A pending renewal request does not hold the expiry back: the lease did end, and the courier waits
 * in `lease_expired` like anyone else; the request stays pending, and approving it afterwards
 * renews the lease through the `renewLease` transition (README, "Lease renewal").
 */
export function expireLeases(now = clockNow()) {
  const due = db()
    .select({ userId: users.id, vehicleId: vehicles.id, leaseEndsAt: vehicles.leaseEndsAt })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.assignedUserId))
    .where(and(isNotNull(vehicles.leaseEndsAt), lte(vehicles.leaseEndsAt, now), eq(users.status, "working_with_vehicle")))
    .all();
  for (const row of due) {
    writeTransaction((tx) => {
      // Re-read inside the transaction: an admin may have renewed it a moment ago.
      const current = tx.select({ status: users.status }).from(users).where(eq(users.id, row.userId)).get();
      const vehicle = tx.select({ leaseEndsAt: vehicles.leaseEndsAt }).from(vehicles).where(eq(vehicles.id, row.vehicleId)).get();
      if (current?.status !== "working_with_vehicle" || !vehicle?.leaseEndsAt || vehicle.leaseEndsAt > now) return;
      applyUserEvent(tx, row.userId, "leaseExpires", { reason: "lease ended" });
      recordAudit(tx, { actorId: null, action: "lease.expire", entityType: "vehicle", entityId: row.vehicleId, subjectUserId: row.userId, before: { status: "working_with_vehicle" }, after: { status: "lease_expired" } });
    });
  }
  if (due.length) log("info", "leases expired", { count: due.length });
  return due.length;
}

function leaseOf(tx: Tx, vehicleId: number) {
  return tx.select().from(vehicles).where(and(eq(vehicles.id, vehicleId), isNotNull(vehicles.assignedUserId))).get();
}

/** Renews a lease with a new end date; a courier waiting in `lease_expired` rides again. */
export function renewLease(adminId: number, vehicleId: number, endsAt: Date, now = clockNow()) {
  if (endsAt <= now) throw new LeaseError("dateInPast");
  writeTransaction((tx) => {
    const vehicle = leaseOf(tx, vehicleId);
    if (!vehicle?.assignedUserId) throw new LeaseError("notFound");
    const user = tx.select({ status: users.status }).from(users).where(eq(users.id, vehicle.assignedUserId)).get();
    if (user?.status === "lease_expired") applyUserEvent(tx, vehicle.assignedUserId, "renewLease", { actorId: adminId, reason: "lease renewed" });
    tx.update(vehicles).set({ leaseEndsAt: endsAt, updatedAt: now }).where(eq(vehicles.id, vehicleId)).run();
    recordAudit(tx, { actorId: adminId, action: "lease.renew", entityType: "vehicle", entityId: vehicleId, subjectUserId: vehicle.assignedUserId, before: { leaseEndsAt: vehicle.leaseEndsAt }, after: { leaseEndsAt: endsAt } });
  });
}

/**
 * Ends a lease: the courier is back to `working_no_vehicle`, the vehicle is available again, a
 * pending check-in waits for the admin, and a renewal the courier asked for is closed unapproved.
 */
export function endLease(adminId: number, vehicleId: number) {
  writeTransaction((tx) => {
    const vehicle = leaseOf(tx, vehicleId);
    if (!vehicle?.assignedUserId) throw new LeaseError("notFound");
    applyUserEvent(tx, vehicle.assignedUserId, "endLease", { actorId: adminId, reason: "lease ended by admin" });
    tx.update(vehicles).set({ assignedUserId: null, leaseEndsAt: null, status: "available", updatedAt: clockNow() }).where(eq(vehicles.id, vehicleId)).run();
    closePendingRenewal(tx, adminId, vehicle.assignedUserId);
    openHandover(tx, { kind: "check_in", vehicleId, userId: vehicle.assignedUserId });
    recordAudit(tx, { actorId: adminId, action: "lease.end", entityType: "vehicle", entityId: vehicleId, subjectUserId: vehicle.assignedUserId, before: { assignedUserId: vehicle.assignedUserId, leaseEndsAt: vehicle.leaseEndsAt }, after: { assignedUserId: null, status: "available" } });
  });
}

/** A lease that ends leaves nothing to renew: the courier's pending renewal is closed as rejected. */
export function closePendingRenewal(tx: Tx, adminId: number, userId: number) {
  const pending = tx
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending"), eq(vehicleRequests.kind, "renewal")))
    .get();
  if (!pending) return;
  const reason = "lease ended";
  tx.update(vehicleRequests).set({ status: "rejected", reason, decidedById: adminId, decidedAt: clockNow() }).where(eq(vehicleRequests.id, pending.id)).run();
  recordAudit(tx, { actorId: adminId, action: "vehicle_request.reject", entityType: "vehicle_request", entityId: pending.id, subjectUserId: userId, before: { status: "pending", kind: "renewal" }, after: { status: "rejected", reason } });
}
