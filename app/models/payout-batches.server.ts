/**
 * Payout batches (docs/pay.md): approved statements go out in one SEPA file; the batch is then
 * marked paid or cancelled. Every step is a conditional update whose row count is checked, so paying a
 * batch twice, or paying a cancelled one, is refused instead of happening twice.
 */
import { getPaySettings } from "./settings.server";
import { queuePayMails } from "./pay-mail.server";
import { and, asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { payoutBatches, payStatements, users } from "~db/schema";
import { expectedPayday } from "~/domain/pay-review";
import { localDateOf, type IsoWeekday, type WeekId } from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";

export class PayoutBatchError extends Error {
  constructor(
    readonly key:
      | "notFound"
      | "nothingApproved"
      | "nothingWritable"
      | "changedMeanwhile"
      | "alreadyPaid"
      | "cancelled"
      | "notExported",
    /** For "nothingWritable": every approved statement and why it cannot be written. */
    readonly heldBack: HeldBack[] = [],
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

/** An approved statement the export could not write (it stays approved), with the courier's name and why. */
export type HeldBack = { statementId: number; name: string; problem: string; week?: string; userId?: number | null };

/**
 * Creates an exported batch of the approved statements (of `week`, or all), moving them to 'exported'.
 * A statement `problemOf` names a problem for (a name the bank cannot take, an invalid IBAN) is held back
 * — it stays approved, and the batch records it with the reason — so one statement never blocks the
 * others; when none can be written the export is refused ("nothingWritable") and nothing is written.
 * A statement with a payout of exactly 0 (nothing to transfer; its negative part is carried into the next
 * week) joins the batch without being a transaction of the file: it needs no IBAN or name, and is settled
 * — marked paid — with the batch. The batch's count and total are its transfers'; a batch of zero payouts
 * alone has no transfer and no file (`build` is not called; `file_key` stays empty).
 * The batch's execution date is fixed here, once: the latest week's payday, or today (Bratislava) when
 * that has passed; every later view shows this stored date. `build` writes the file from the batch id,
 * its transfers and that date; when it refuses (PayoutFileError), nothing is written. The file itself is
 * stored by the caller after the commit, under `fileKey`.
 */
export async function createPayoutBatch<T>(
  adminId: number,
  input: {
    week: WeekId | null;
    fileKey: string;
    paydayWeekday: IsoWeekday;
    problemOf: (item: BatchItem) => string | null;
  },
  build: (batchId: number, items: BatchItem[], payday: string) => T,
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
    const items: BatchItem[] = [];
    const nothingToTransfer: { statementId: number; weekStart: WeekId }[] = [];
    const heldBackIds: {
      statementId: number;
      userId: number | null;
      holder: string | null;
      week: string;
      problem: string;
    }[] = [];
    for (const s of approved) {
      // Exactly 0: settled without a transfer. A negative or fractional amount still goes to `problemOf` ("amount").
      if (s.payoutCents === 0) {
        nothingToTransfer.push({ statementId: s.id, weekStart: s.weekStart });
        continue;
      }
      const item: BatchItem = {
        statementId: s.id,
        userId: s.userId,
        creditorName: s.holder ?? "",
        creditorIban: s.iban ?? "",
        amountCents: s.payoutCents,
        weekStart: s.weekStart,
      };
      const problem = input.problemOf(item);
      if (problem)
        heldBackIds.push({ statementId: s.id, userId: s.userId, holder: s.holder, week: s.weekStart, problem });
      else items.push(item);
    }
    const heldBack = await namesOf(tx, heldBackIds);
    if (items.length === 0 && nothingToTransfer.length === 0) throw new PayoutBatchError("nothingWritable", heldBack);
    const totalCents = items.reduce((sum, i) => sum + i.amountCents, 0);
    const lastWeek = [...items, ...nothingToTransfer]
      .map((i) => i.weekStart)
      .sort()
      .at(-1)!;
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        payday: expectedPayday(lastWeek, input.paydayWeekday, localDateOf(now)),
        status: "exported",
        totalCents,
        count: items.length,
        fileKey: items.length ? input.fileKey : "",
        createdById: adminId,
        createdAt: now,
        heldBack: heldBack.length ? heldBack : null,
      })
      .returning({ id: payoutBatches.id, payday: payoutBatches.payday });
    const ids = [...items.map((i) => i.statementId), ...nothingToTransfer.map((z) => z.statementId)];
    const moved = await tx
      .update(payStatements)
      .set({ status: "exported", batchId: batch!.id })
      .where(and(inArray(payStatements.id, ids), eq(payStatements.status, "approved")))
      .returning({ id: payStatements.id });
    if (moved.length !== ids.length) throw new PayoutBatchError("changedMeanwhile");
    const file = items.length ? build(batch!.id, items, batch!.payday) : null;
    await recordAudit(tx, {
      actorId: adminId,
      action: "payout_batch.export",
      entityType: "payout_batch",
      entityId: batch!.id,
      after: {
        status: "exported",
        count: items.length,
        totalCents,
        nothingToTransfer: nothingToTransfer.map((z) => z.statementId),
        payday: batch!.payday,
        week: input.week,
        heldBack: heldBack.map((h) => ({ statementId: h.statementId, problem: h.problem })),
      },
    });
    return {
      batchId: batch!.id,
      payday: batch!.payday,
      items,
      nothingToTransfer: nothingToTransfer.length,
      heldBack,
      file,
    };
  });
}

/** The couriers' names of held-back statements (the approval's holder snapshot when the account is gone). */
async function namesOf(
  tx: Tx,
  rows: { statementId: number; userId: number | null; holder: string | null; week: string; problem: string }[],
): Promise<HeldBack[]> {
  const ids = rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
  const names = new Map(
    ids.length
      ? (
          await tx
            .select({ id: users.id, fullName: users.fullName, email: users.email })
            .from(users)
            .where(inArray(users.id, ids))
        ).map((u) => [u.id, u.fullName ?? u.email])
      : [],
  );
  return rows.map((r) => ({
    statementId: r.statementId,
    name: (r.userId === null ? undefined : names.get(r.userId)) ?? r.holder ?? `#${r.statementId}`,
    problem: r.problem,
    week: r.week,
    userId: r.userId,
  }));
}

/**
 * Records the first download of a batch's SEPA file (who, when): from then on its couriers read "sent to
 * the bank". Later downloads change nothing; true only for the one that recorded it.
 */
export async function recordSepaDownload(adminId: number, batchId: number, now = clockNow()) {
  return await transaction(async (tx) => {
    const [row] = await tx
      .update(payoutBatches)
      .set({ downloadedById: adminId, downloadedAt: now })
      .where(
        and(eq(payoutBatches.id, batchId), isNull(payoutBatches.downloadedAt), ne(payoutBatches.status, "cancelled")),
      )
      .returning({ id: payoutBatches.id });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: adminId,
      action: "payout_batch.download",
      entityType: "payout_batch",
      entityId: batchId,
      after: { downloadedAt: now.toISOString() },
    });
    return true;
  });
}

/**
 * Marks an exported batch paid: its statements become 'paid' — those with nothing to transfer too — and
 * each courier who was sent money gets an e-mail queued with it (nobody is told "0,00 € sent"). With `expected` (the confirmed "mark paid") the batch must still have the count and sum the admin
 * confirmed, else it is refused ("changedMeanwhile").
 */
export async function markBatchPaid(
  adminId: number | null,
  batchId: number,
  now = clockNow(),
  expected?: { count: number; totalCents: number },
) {
  const { paydayWeekday } = await getPaySettings();
  return await transaction(async (tx) => {
    const [batch] = await tx
      .update(payoutBatches)
      .set({ status: "paid", paidById: adminId, paidAt: now })
      .where(
        and(
          eq(payoutBatches.id, batchId),
          eq(payoutBatches.status, "exported"),
          expected ? eq(payoutBatches.count, expected.count) : undefined,
          expected ? eq(payoutBatches.totalCents, expected.totalCents) : undefined,
        ),
      )
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
      paid.filter((row) => row.payoutCents > 0).map((row) => ({ ...row, payday: batch.payday })),
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

/** Why a batch cannot move on: it is gone, paid or cancelled — or, still exported, not what was confirmed. Read through the transaction's own `tx`. */
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
          : row.status === "exported"
            ? "changedMeanwhile"
            : "notExported",
  );
}

const creator = alias(users, "creator");
const payer = alias(users, "payer");
const canceller = alias(users, "canceller");
const downloader = alias(users, "downloader");

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
      downloadedAt: payoutBatches.downloadedAt,
      downloadedBy: downloader.email,
      heldBack: payoutBatches.heldBack,
    })
    .from(payoutBatches)
    .leftJoin(creator, eq(creator.id, payoutBatches.createdById))
    .leftJoin(payer, eq(payer.id, payoutBatches.paidById))
    .leftJoin(canceller, eq(canceller.id, payoutBatches.cancelledById))
    .leftJoin(downloader, eq(downloader.id, payoutBatches.downloadedById))
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
      carryOutCents: payStatements.carryOutCents,
      status: payStatements.status,
      email: users.email,
    })
    .from(payStatements)
    .leftJoin(users, eq(users.id, payStatements.userId))
    .where(eq(payStatements.batchId, batchId))
    .orderBy(asc(payStatements.weekStart), asc(payStatements.id));
  // A batch of zero payouts alone has no transfer and no file.
  return { ...batch, hasFile: batch.count > 0 && batch.fileKey !== "", statements };
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
