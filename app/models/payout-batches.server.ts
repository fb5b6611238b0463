/**
 * Payout batches (docs/pay.md): approved statements go out in one SEPA file; the batch is then
 * marked paid or cancelled. Every step is a conditional update whose row count is checked, so paying a
 * batch twice, or paying a cancelled one, is refused instead of happening twice.
 */
import { getPaySettings } from "./settings.server";
import { queuePayMails } from "./pay-mail.server";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { payoutBatches, payStatements, users } from "~db/schema";
import { paydayOf, type IsoWeekday, type WeekId } from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";

export class PayoutBatchError extends Error {
  constructor(
    readonly key: "notFound" | "nothingApproved" | "changedMeanwhile" | "alreadyPaid" | "cancelled" | "notExported",
  ) {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : 409;
  }
}

/** What the payout file builder gets for each statement (the snapshot taken at approval). */
export type BatchItem = {
  statementId: number;
  userId: number | null;
  creditorName: string;
  creditorIban: string;
  amountCents: number;
  weekStart: WeekId;
};

/**
 * Creates an exported batch of the approved statements (of `week`, or all), moving them to 'exported'.
 * `build` writes the file's bytes from the batch id and its items; when it refuses (PayoutFileError),
 * nothing is written. The file itself is stored by the caller after the commit, under `fileKey`.
 */
export async function createPayoutBatch<T>(
  adminId: number,
  input: { week: WeekId | null; fileKey: string; paydayWeekday: IsoWeekday },
  build: (batchId: number, items: BatchItem[]) => T,
  now = clockNow(),
) {
  return await transaction(async (tx) => {
    const approved = await forUpdate(
      tx
        .select({
          id: payStatements.id,
          userId: payStatements.userId,
          holder: payStatements.holder,
          iban: payStatements.iban,
          payoutCents: payStatements.payoutCents,
          weekStart: payStatements.weekStart,
        })
        .from(payStatements)
        .where(
          and(eq(payStatements.status, "approved"), input.week ? eq(payStatements.weekStart, input.week) : undefined),
        )
        .orderBy(asc(payStatements.weekStart), asc(payStatements.id)),
    );
    if (approved.length === 0) throw new PayoutBatchError("nothingApproved");
    const items: BatchItem[] = approved.map((s) => ({
      statementId: s.id,
      userId: s.userId,
      creditorName: s.holder ?? "",
      creditorIban: s.iban ?? "",
      amountCents: s.payoutCents,
      weekStart: s.weekStart,
    }));
    const totalCents = items.reduce((sum, i) => sum + i.amountCents, 0);
    const lastWeek = items[items.length - 1]!.weekStart;
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        payday: paydayOf(lastWeek, input.paydayWeekday),
        status: "exported",
        totalCents,
        count: items.length,
        fileKey: input.fileKey,
        createdById: adminId,
        createdAt: now,
      })
      .returning({ id: payoutBatches.id, payday: payoutBatches.payday });
    const moved = await tx
      .update(payStatements)
      .set({ status: "exported", batchId: batch!.id })
      .where(
        and(
          inArray(
            payStatements.id,
            items.map((i) => i.statementId),
          ),
          eq(payStatements.status, "approved"),
        ),
      )
      .returning({ id: payStatements.id });
    if (moved.length !== items.length) throw new PayoutBatchError("changedMeanwhile");
    const file = build(batch!.id, items);
    await recordAudit(tx, {
      actorId: adminId,
      action: "payout_batch.export",
      entityType: "payout_batch",
      entityId: batch!.id,
      after: { status: "exported", count: items.length, totalCents, payday: batch!.payday, week: input.week },
    });
    return { batchId: batch!.id, items, file };
  });
}

/** Marks an exported batch paid: its statements become 'paid', and each courier's e-mail is queued with it. */
export async function markBatchPaid(adminId: number | null, batchId: number, now = clockNow()) {
  const { paydayWeekday } = await getPaySettings();
  return await transaction(async (tx) => {
    const [batch] = await tx
      .update(payoutBatches)
      .set({ status: "paid", paidById: adminId, paidAt: now })
      .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, "exported")))
      .returning({ id: payoutBatches.id, payday: payoutBatches.payday });
    if (!batch) throw await refusalOf(tx, batchId);
    const paid = await tx
      .update(payStatements)
      .set({ status: "paid", paidAt: now })
      .where(and(eq(payStatements.batchId, batchId), eq(payStatements.status, "exported")))
      .returning({
        id: payStatements.id,
        userId: payStatements.userId,
        payoutCents: payStatements.payoutCents,
        weekStart: payStatements.weekStart,
      });
    await recordAudit(tx, {
      actorId: adminId,
      action: "payout_batch.paid",
      entityType: "payout_batch",
      entityId: batchId,
      before: { status: "exported" },
      after: { status: "paid", count: paid.length },
    });
    await queuePayMails(
      tx,
      "statementPaid",
      paid.map((row) => ({ ...row, payday: batch.payday })),
      paydayWeekday,
    );
    return { payday: batch.payday, statements: paid };
  });
}

/** Cancels an exported batch (the bank refused the file, a mistake): its statements return to 'approved'. */
export async function cancelBatch(adminId: number | null, batchId: number, now = clockNow()) {
  return await transaction(async (tx) => {
    const [batch] = await tx
      .update(payoutBatches)
      .set({ status: "cancelled", cancelledById: adminId, cancelledAt: now })
      .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.status, "exported")))
      .returning({ id: payoutBatches.id });
    if (!batch) throw await refusalOf(tx, batchId);
    const returned = await tx
      .update(payStatements)
      .set({ status: "approved", batchId: null })
      .where(and(eq(payStatements.batchId, batchId), eq(payStatements.status, "exported")))
      .returning({ id: payStatements.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: "payout_batch.cancel",
      entityType: "payout_batch",
      entityId: batchId,
      before: { status: "exported" },
      after: { status: "cancelled", count: returned.length },
    });
    return returned.length;
  });
}

/** Why a batch cannot move on: it is gone, paid or cancelled. Read through the refusing transaction's own connection. */
async function refusalOf(tx: Tx, batchId: number) {
  const [row] = await tx
    .select({ status: payoutBatches.status })
    .from(payoutBatches)
    .where(eq(payoutBatches.id, batchId))
    .limit(1);
  return new PayoutBatchError(
    !row
      ? "notFound"
      : row.status === "paid"
        ? "alreadyPaid"
        : row.status === "cancelled"
          ? "cancelled"
          : "notExported",
  );
}

const creator = alias(users, "creator");
const payer = alias(users, "payer");
const canceller = alias(users, "canceller");

/** A batch with who exported, paid or cancelled it and when, and its statements (current, or once in it). */
export async function getBatch(batchId: number) {
  const [batch] = await db()
    .select({
      id: payoutBatches.id,
      payday: payoutBatches.payday,
      status: payoutBatches.status,
      totalCents: payoutBatches.totalCents,
      count: payoutBatches.count,
      fileKey: payoutBatches.fileKey,
      createdAt: payoutBatches.createdAt,
      createdBy: creator.email,
      paidAt: payoutBatches.paidAt,
      paidBy: payer.email,
      cancelledAt: payoutBatches.cancelledAt,
      cancelledBy: canceller.email,
    })
    .from(payoutBatches)
    .leftJoin(creator, eq(creator.id, payoutBatches.createdById))
    .leftJoin(payer, eq(payer.id, payoutBatches.paidById))
    .leftJoin(canceller, eq(canceller.id, payoutBatches.cancelledById))
    .where(eq(payoutBatches.id, batchId))
    .limit(1);
  if (!batch) return null;
  const statements = await db()
    .select({
      id: payStatements.id,
      userId: payStatements.userId,
      weekStart: payStatements.weekStart,
      holder: payStatements.holder,
      iban: payStatements.iban,
      payoutCents: payStatements.payoutCents,
      status: payStatements.status,
      email: users.email,
    })
    .from(payStatements)
    .leftJoin(users, eq(users.id, payStatements.userId))
    .where(eq(payStatements.batchId, batchId))
    .orderBy(asc(payStatements.weekStart), asc(payStatements.id));
  return { ...batch, statements };
}

/** Batches, newest first. */
export async function listBatches(limit = 30) {
  return await db()
    .select({
      id: payoutBatches.id,
      payday: payoutBatches.payday,
      status: payoutBatches.status,
      totalCents: payoutBatches.totalCents,
      count: payoutBatches.count,
      createdAt: payoutBatches.createdAt,
    })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.id))
    .limit(limit);
}
