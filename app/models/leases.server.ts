import { and, asc, count, eq, gt, gte, isNotNull, lte, or, sql } from "drizzle-orm";
import { outbox, users, vehicleRequests, vehicles } from "~db/schema";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { log } from "~/infra/log.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { likeEscaped } from "./search.server";
import { recordAudit } from "./audit.server";
import { openHandover } from "./handovers.server";
import { applyUserEvent } from "./status.server";
import { notifyUser } from "./decisions.server";

export class LeaseError extends Error {
  constructor(readonly key: "notFound" | "notExpired" | "dateInPast" | "alreadyEnded" | "alreadyRenewed") {
    super(key);
  }
}

/** How many leases the admin page shows: the ones ending soonest, which are the ones to act on. */
export const LEASES_SHOWN = 50;

/**
 * Every vehicle out on a lease, soonest end first: the admin's renew-or-end list. The queue's search
 * term narrows it too (courier's name or e-mail, vehicle name or serial number).
 */
export async function listLeases(q = "", limit = LEASES_SHOWN) {
  const where = and(
    isNotNull(vehicles.assignedUserId),
    q
      ? or(
          likeEscaped(users.email, q),
          likeEscaped(users.fullName, q),
          likeEscaped(vehicles.name, q),
          likeEscaped(vehicles.serialNumber, q),
        )
      : undefined,
  );
  const rows = await db()
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
    // A vehicle handed out without an end date has nothing to act on: after every dated lease, on
    // both engines (SQLite would put NULL first, PostgreSQL last; both speak NULLS LAST).
    .orderBy(sql`${vehicles.leaseEndsAt} asc nulls last`, asc(vehicles.id))
    .limit(limit);
  const [counted] = await db()
    .select({ n: count() })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.assignedUserId))
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * The scheduled job: couriers whose lease end has passed move to `lease_expired`. Idempotent — it
 * only acts on couriers still `working_with_vehicle`, so re-running it or restarting changes nothing.
 * A pending renewal request does not hold the expiry back: the lease did end, and the courier waits
 * in `lease_expired` like anyone else; the request stays pending, and approving it afterwards
 * renews the lease through the `renewLease` transition (docs/fleet-rules.md, "Leases").
 */
export async function expireLeases(now = clockNow()) {
  const due = await db()
    .select({ userId: users.id, vehicleId: vehicles.id, leaseEndsAt: vehicles.leaseEndsAt })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.assignedUserId))
    .where(
      and(isNotNull(vehicles.leaseEndsAt), lte(vehicles.leaseEndsAt, now), eq(users.status, "working_with_vehicle")),
    );
  for (const row of due) {
    await transaction(async (tx) => {
      // Re-read inside the transaction: an admin may have renewed it a moment ago.
      const [current] = await tx.select({ status: users.status }).from(users).where(eq(users.id, row.userId)).limit(1);
      const [vehicle] = await tx
        .select({ leaseEndsAt: vehicles.leaseEndsAt })
        .from(vehicles)
        .where(eq(vehicles.id, row.vehicleId))
        .limit(1);
      if (current?.status !== "working_with_vehicle" || !vehicle?.leaseEndsAt || vehicle.leaseEndsAt > now) return;
      await applyUserEvent(tx, row.userId, "leaseExpires", { reason: "lease ended" });
      await recordAudit(tx, {
        actorId: null,
        action: "lease.expire",
        entityType: "vehicle",
        entityId: row.vehicleId,
        subjectUserId: row.userId,
        before: { status: "working_with_vehicle" },
        after: { status: "lease_expired" },
      });
    });
  }
  if (due.length) log("info", "leases expired", { count: due.length });
  return due.length;
}

/**
 * The lease row, locked for the rest of the transaction: of two admins acting on one lease at once the
 * second reads what the first wrote, and is refused, instead of ending or renewing it twice.
 */
async function leaseOf(tx: Tx, vehicleId: number) {
  const [row] = await forUpdate(tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1));
  if (!row) throw new LeaseError("notFound");
  if (!row.assignedUserId) throw new LeaseError("alreadyEnded");
  return { ...row, assignedUserId: row.assignedUserId };
}

/** Renews a lease with a new end date; a courier waiting in `lease_expired` rides again. */
export async function renewLease(adminId: number, vehicleId: number, endsAt: Date, now = clockNow()) {
  if (endsAt <= now) throw new LeaseError("dateInPast");
  await transaction(async (tx) => {
    const vehicle = await leaseOf(tx, vehicleId);
    if (vehicle.leaseEndsAt?.getTime() === endsAt.getTime()) throw new LeaseError("alreadyRenewed");
    const [user] = await tx
      .select({ status: users.status })
      .from(users)
      .where(eq(users.id, vehicle.assignedUserId))
      .limit(1);
    if (user?.status === "lease_expired")
      await applyUserEvent(tx, vehicle.assignedUserId, "renewLease", { actorId: adminId, reason: "lease renewed" });
    await tx.update(vehicles).set({ leaseEndsAt: endsAt, updatedAt: now }).where(eq(vehicles.id, vehicleId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "lease.renew",
      entityType: "vehicle",
      entityId: vehicleId,
      subjectUserId: vehicle.assignedUserId,
      before: { leaseEndsAt: vehicle.leaseEndsAt },
      after: { leaseEndsAt: endsAt },
    });
  });
}

/**
 * Ends a lease: the courier is back to `working_no_vehicle`, the vehicle is available again, a
 * pending check-in waits for the admin, and a renewal the courier asked for is closed unapproved.
 */
export async function endLease(adminId: number, vehicleId: number) {
  await transaction(async (tx) => {
    const vehicle = await leaseOf(tx, vehicleId);
    await applyUserEvent(tx, vehicle.assignedUserId, "endLease", { actorId: adminId, reason: "lease ended by admin" });
    await tx
      .update(vehicles)
      .set({ assignedUserId: null, leaseEndsAt: null, status: "available", updatedAt: clockNow() })
      .where(eq(vehicles.id, vehicleId));
    await closePendingRenewal(tx, adminId, vehicle.assignedUserId);
    await openHandover(tx, { kind: "check_in", vehicleId, userId: vehicle.assignedUserId });
    await recordAudit(tx, {
      actorId: adminId,
      action: "lease.end",
      entityType: "vehicle",
      entityId: vehicleId,
      subjectUserId: vehicle.assignedUserId,
      before: { assignedUserId: vehicle.assignedUserId, leaseEndsAt: vehicle.leaseEndsAt },
      after: { assignedUserId: null, status: "available" },
    });
  });
}

/** A lease that ends leaves nothing to renew: the courier's pending renewal is closed as rejected. */
export async function closePendingRenewal(tx: Tx, adminId: number, userId: number) {
  const [pending] = await tx
    .select({ id: vehicleRequests.id })
    .from(vehicleRequests)
    .where(
      and(
        eq(vehicleRequests.userId, userId),
        eq(vehicleRequests.status, "pending"),
        eq(vehicleRequests.kind, "renewal"),
      ),
    )
    .limit(1);
  if (!pending) return;
  const reason = "lease ended";
  await tx
    .update(vehicleRequests)
    .set({ status: "rejected", reason, decidedById: adminId, decidedAt: clockNow() })
    .where(eq(vehicleRequests.id, pending.id));
  await recordAudit(tx, {
    actorId: adminId,
    action: "vehicle_request.reject",
    entityType: "vehicle_request",
    entityId: pending.id,
    subjectUserId: userId,
    before: { status: "pending", kind: "renewal" },
    after: { status: "rejected", reason },
  });
}

/** How long before its end a lease's courier is reminded (once per lease end). */
export const LEASE_REMINDER_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * The job "lease-reminders": a courier whose lease ends within two days is told once (on the channels they
 * chose), with the end and a link to renew. Once: a reminder row of the outbox written since the reminder
 * window of this lease end opened counts (outbox rows are kept longer than the window); a renewed lease
 * has a new end and so a new reminder. Returns how many were queued.
 */
export async function remindLeaseEnding(now = clockNow()) {
  const due = await db()
    .select({ userId: users.id, vehicleId: vehicles.id })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.assignedUserId))
    .where(
      and(
        isNotNull(vehicles.leaseEndsAt),
        gt(vehicles.leaseEndsAt, now),
        lte(vehicles.leaseEndsAt, new Date(now.getTime() + LEASE_REMINDER_MS)),
        eq(users.status, "working_with_vehicle"),
      ),
    );
  let queued = 0;
  for (const row of due) {
    await transaction(async (tx) => {
      const [vehicle] = await forUpdate(
        tx
          .select({ name: vehicles.name, leaseEndsAt: vehicles.leaseEndsAt, assignedUserId: vehicles.assignedUserId })
          .from(vehicles)
          .where(eq(vehicles.id, row.vehicleId))
          .limit(1),
      );
      if (!vehicle?.leaseEndsAt || vehicle.assignedUserId !== row.userId) return;
      const windowOpened = new Date(vehicle.leaseEndsAt.getTime() - LEASE_REMINDER_MS);
      const [sent] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.userId, row.userId), eq(outbox.kind, "leaseEnding"), gte(outbox.createdAt, windowOpened)))
        .limit(1);
      if (sent) return;
      await notifyUser(tx, row.userId, "leaseEnding", { vehicle: vehicle.name, date: vehicle.leaseEndsAt });
      queued++;
    });
  }
  return queued;
}
