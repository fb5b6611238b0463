/**
 * Manual lines on a courier's week (docs/pay.md): bonuses and corrections with a reason, and
 * damage charges the admin confirms from a handover's new damage. A frozen statement is never edited:
 * an adjustment for a week whose statement is approved (or further) lands in the courier's next week
 * that is still open, and the caller is told which.
 */
import { and, desc, eq } from "drizzle-orm";
import { handovers, payAdjustments, payStatements, users } from "~db/schema";
import type { AdjustmentDetails } from "~/domain/earnings-csv";
import { newDamages, normalizeDamages } from "~/domain/handover";
import { addWeeks, weekOf, type WeekId } from "~/domain/pay-week";
import { MAX_ADJUSTMENT_CENTS } from "~/domain/rules";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";
import {
  isWeekClosed,
  lastClosedWeek,
  RECOMPUTED_WEEKS_BACK,
  recomputeFrom,
  recomputeWeekIn,
} from "./pay-statements.server";
import { getPaySettingsForWeek } from "./settings.server";

export class AdjustmentError extends Error {
  constructor(readonly key: "notFound" | "noNewDamage" | "amount" | "reasonRequired" | "notCourier" | "futureWeek") {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : 400;
  }
}

export type AdjustmentInput = {
  userId: number;
  week: WeekId;
  kind: "bonus" | "correction";
  amountCents: number;
  reason: string;
};

/** The courier's first week from `week` on whose statement is not frozen (none yet, or a draft), its row locked. */
async function openWeekFrom(tx: Tx, userId: number, week: WeekId) {
  for (let w = week; ; w = addWeeks(w, 1)) {
    const [statement] = await forUpdate(
      tx
        .select({ status: payStatements.status })
        .from(payStatements)
        .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, w)))
        .limit(1),
    );
    if (!statement || statement.status === "draft") return w;
  }
}

async function insertAdjustment(
  adminId: number,
  values: {
    userId: number;
    week: WeekId;
    kind: "bonus" | "correction" | "damage";
    amountCents: number;
    reason: string;
    handoverId?: number;
  },
  now: Date,
) {
  const reason = values.reason.trim();
  if (!reason) throw new AdjustmentError("reasonRequired");
  if (
    !Number.isSafeInteger(values.amountCents) ||
    values.amountCents === 0 ||
    (values.kind !== "correction" && (values.kind === "bonus") !== values.amountCents > 0)
  )
    throw new AdjustmentError("amount");
  if (Math.abs(values.amountCents) > MAX_ADJUSTMENT_CENTS) throw new AdjustmentError("amount");
  if (values.week > weekOf(now)) throw new AdjustmentError("futureWeek");
  // A week older than the drafts the job still recomputes is settled in a recent one: one cent about a
  // year-old week must not draft fifty statements of weeks nobody reviews any more.
  const oldest = addWeeks(lastClosedWeek(now), -RECOMPUTED_WEEKS_BACK);
  const asked = values.week < oldest ? oldest : values.week;
  const landed = await transaction(async (tx) => {
    const [person] = await tx.select({ role: users.role }).from(users).where(eq(users.id, values.userId)).limit(1);
    if (!person) throw new AdjustmentError("notFound");
    if (person.role !== "user") throw new AdjustmentError("notCourier");
    const landed = await insertAdjustmentIn(
      tx,
      adminId,
      { ...values, week: asked, askedWeek: values.week, reason },
      now,
    );
    // The courier's draft follows at once (a week still running gets its statement when it closes).
    if (isWeekClosed(landed.week, now))
      await recomputeWeekIn(tx, landed.week, await getPaySettingsForWeek(landed.week, tx), now, values.userId);
    return landed;
  });
  // Later drafts carry this week's balance in.
  if (isWeekClosed(addWeeks(landed.week, 1), now)) await recomputeFrom(addWeeks(landed.week, 1), now);
  return landed;
}

/** The row and its audit entry, in the courier's first open week from `values.week`. */
async function insertAdjustmentIn(
  tx: Tx,
  adminId: number,
  values: {
    userId: number;
    week: WeekId;
    kind: "bonus" | "correction" | "damage";
    amountCents: number;
    reason: string;
    handoverId?: number;
    details?: AdjustmentDetails;
    /** The week the admin asked for, when an old one was moved up to `week` before. */
    askedWeek?: WeekId;
  },
  now: Date,
) {
  const askedWeek = values.askedWeek ?? values.week;
  const week = await openWeekFrom(tx, values.userId, values.week);
  const [row] = await tx
    .insert(payAdjustments)
    .values({
      userId: values.userId,
      weekStart: week,
      kind: values.kind,
      amountCents: values.amountCents,
      reason: values.reason,
      handoverId: values.handoverId ?? null,
      details: values.details ?? null,
      createdById: adminId,
      createdAt: now,
    })
    .returning({ id: payAdjustments.id });
  await recordAudit(tx, {
    actorId: adminId,
    action: values.kind === "damage" ? "pay_adjustment.damage" : "pay_adjustment.add",
    entityType: "pay_adjustment",
    entityId: row!.id,
    subjectUserId: values.userId,
    after: {
      kind: values.kind,
      amountCents: values.amountCents,
      reason: values.reason,
      week,
      ...(week !== askedWeek ? { askedWeek } : {}),
      ...(values.handoverId ? { handoverId: values.handoverId } : {}),
      ...(values.details ? { details: values.details } : {}),
    },
  });
  return { id: row!.id, week, moved: week !== askedWeek };
}

/**
 * A platform's correction of a week whose statement is frozen (CONTRACT §7), inside the import's transaction:
 * the difference in pay as a correction line on the courier's next open week after it, with what it corrects
 * (`details`) so the line reads in the courier's language. Returns the week it landed in; the caller recomputes.
 */
export async function addImportCorrectionIn(
  tx: Tx,
  adminId: number,
  input: { userId: number; amountCents: number; reason: string; details: AdjustmentDetails },
  now = clockNow(),
) {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents === 0) throw new AdjustmentError("amount");
  return await insertAdjustmentIn(
    tx,
    adminId,
    { ...input, kind: "correction", week: addWeeks(input.details.week, 1) },
    now,
  );
}

/** The courier's first week from `week` whose statement is still open, read without a lock (for a preview). */
export async function nextOpenWeek(userId: number, week: WeekId) {
  for (let w = week; ; w = addWeeks(w, 1)) {
    const [statement] = await db()
      .select({ status: payStatements.status })
      .from(payStatements)
      .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, w)))
      .limit(1);
    if (!statement || statement.status === "draft") return w;
  }
}

/** A bonus (positive) or a correction (signed) with a reason; returns the week it landed in. */
export async function addAdjustment(adminId: number, input: AdjustmentInput, now = clockNow()) {
  return insertAdjustment(adminId, input, now);
}

/** A handover that recorded new damage (a check-in worse than its check-out), with its courier. */
export async function damagedHandover(handoverId: number) {
  const [handover] = await db().select().from(handovers).where(eq(handovers.id, handoverId)).limit(1);
  if (!handover || handover.kind !== "check_in" || !handover.recordedAt) return null;
  const [checkOut] = handover.checkOutId
    ? await db().select().from(handovers).where(eq(handovers.id, handover.checkOutId)).limit(1)
    : [];
  const found = newDamages(
    checkOut?.recordedAt ? normalizeDamages(checkOut.damages) : null,
    normalizeDamages(handover.damages),
  );
  return found.length
    ? { id: handover.id, userId: handover.userId, vehicleId: handover.vehicleId, newDamages: found }
    : null;
}

/** Charges a handover's new damage to its courier: a negative 'damage' adjustment in the week chosen. */
export async function chargeDamage(
  adminId: number,
  input: { handoverId: number; week: WeekId; amountCents: number; reason: string },
  now = clockNow(),
) {
  const handover = await damagedHandover(input.handoverId);
  if (!handover) throw new AdjustmentError("noNewDamage");
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new AdjustmentError("amount");
  return insertAdjustment(
    adminId,
    {
      userId: handover.userId,
      week: input.week,
      kind: "damage",
      amountCents: -input.amountCents,
      reason: input.reason,
      handoverId: handover.id,
    },
    now,
  );
}

/** The damage charges made from a handover, newest first. */
export async function damageChargesOf(handoverId: number) {
  return await db()
    .select({
      id: payAdjustments.id,
      weekStart: payAdjustments.weekStart,
      amountCents: payAdjustments.amountCents,
      reason: payAdjustments.reason,
      createdAt: payAdjustments.createdAt,
    })
    .from(payAdjustments)
    .where(and(eq(payAdjustments.handoverId, handoverId), eq(payAdjustments.kind, "damage")))
    .orderBy(desc(payAdjustments.id));
}
