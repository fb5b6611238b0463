/**
 * The payout steps that need more than the database (docs/pay.md): the SEPA file is built from
 * the batch's statements inside the batch's transaction (an invalid one refuses the whole batch), then
 * stored privately once the rows are committed; the couriers' e-mails are queued with the rows.
 */
import {
  buildAccountantCsv,
  buildSepaPayoutFile,
  payoutDebtor,
  payoutItemProblem,
} from "~/services/payout-file.server";
import { localDateOf, type WeekId } from "~/domain/pay-week";
import type { Language } from "~/domain/rules";
import { now as clockNow } from "~/infra/clock.server";
import { randomToken } from "~/infra/crypto.server";
import { log } from "~/infra/log.server";
import { readStoredFile } from "~/infra/uploads.server";
import { storage } from "~/infra/storage.server";
import { approveStatements, returnToDraft, type ApprovalTotals } from "~/models/pay-review.server";
import { recomputeFrom } from "~/models/pay-statements.server";
import {
  cancelBatch,
  createPayoutBatch,
  getBatch,
  markBatchPaid,
  recordSepaDownload,
} from "~/models/payout-batches.server";
import { getPaySettings, getPaySettingsForWeek } from "~/models/settings.server";
import { getCompanyProfile } from "~/models/company-profile.server";

/** Approves statements of a week; each courier's e-mail is queued in the same transaction. */
export async function approveAndNotify(
  adminId: number,
  week: WeekId,
  ids: number[] | "all",
  now = clockNow(),
  options: { confirmLarge?: number[]; expected?: ApprovalTotals } = {},
) {
  return approveStatements(adminId, week, ids, now, options);
}

/** Sends an approved statement back to draft, then recomputes its week's drafts so it shows today's figures. */
export async function sendBackToDraft(adminId: number, statementId: number, now = clockNow()) {
  const row = await returnToDraft(adminId, statementId, now);
  await recomputeFrom(row.weekStart, now);
  return row;
}

/**
 * Exports the approved statements (of `week`, or all) as one batch and its pain.001 file, the company
 * profile's payout account the debtor; those with nothing to transfer join the batch without a
 * transaction (no file when they are all it has). Without a payout account it refuses before anything
 * is written (PayoutFileError "debtorMissing").
 */
export async function exportPayouts(adminId: number, week: WeekId | null, now = clockNow()) {
  const debtor = payoutDebtor(await getCompanyProfile());
  // A week's batch is paid on that week's payday; a batch of every week on the payday in force now.
  const { paydayWeekday } = week ? await getPaySettingsForWeek(week) : await getPaySettings();
  const fileKey = `payout-${randomToken(12)}.xml`;
  const batch = await createPayoutBatch(
    adminId,
    { week, fileKey, paydayWeekday, problemOf: payoutItemProblem },
    (batchId, items, payday) =>
      buildSepaPayoutFile({
        batchId,
        items,
        debtor,
        paydayWeekday,
        today: localDateOf(now),
        executionDate: payday,
        createdAt: now,
      }),
    now,
  );
  try {
    // A batch of zero payouts alone has no transfer, so no file to keep.
    if (batch.file) await storage().put(fileKey, new TextEncoder().encode(batch.file.xml));
  } catch (error) {
    // The rows committed but the file could not be kept: undo the batch so its statements can go out again.
    log("error", "payout file not stored; batch cancelled", { batchId: batch.batchId, error: String(error) });
    await cancelBatch(null, batch.batchId, now);
    throw error;
  }
  return {
    batchId: batch.batchId,
    count: batch.items.length,
    nothingToTransfer: batch.nothingToTransfer,
    payday: batch.payday,
    heldBack: batch.heldBack,
  };
}

/** Marks a batch paid, as confirmed (its count and sum); each courier's e-mail is queued in the same transaction. */
export async function payBatch(
  adminId: number,
  batchId: number,
  now = clockNow(),
  expected?: { count: number; totalCents: number },
) {
  const paid = await markBatchPaid(adminId, batchId, now, expected);
  return paid.statements.length;
}

/** The stored pain.001 file of a batch, or null; an admin's first download is recorded on the batch. */
export async function batchSepaFile(batchId: number, downloadedBy?: number, now = clockNow()) {
  const batch = await getBatch(batchId);
  if (!batch?.hasFile) return null;
  const file = await readStoredFile(batch.fileKey);
  if (file && downloadedBy !== undefined && !batch.downloadedAt) await recordSepaDownload(downloadedBy, batchId, now);
  return file;
}

/**
 * The accountant's CSV of a batch's transfers (as they were approved), or null when it has none (cancelled,
 * or only statements with nothing to transfer — those are in the month's payroll, not in a bank's list).
 */
export async function batchAccountantCsv(batchId: number, language: Language, now = clockNow()) {
  const batch = await getBatch(batchId);
  const transfers = batch?.statements.filter((s) => s.payoutCents !== 0) ?? [];
  if (!batch || transfers.length === 0) return null;
  const { paydayWeekday } = await getPaySettings();
  // The batch's stored execution date: every payday in the file is at most that date, so "today" = it pins them all to it.
  const items = transfers.map((s) => ({
    statementId: s.id,
    creditorName: s.holder ?? "",
    creditorIban: s.iban ?? "",
    amountCents: s.payoutCents,
    weekStart: s.weekStart,
  }));
  return buildAccountantCsv({ items, paydayWeekday, today: batch.payday ?? localDateOf(now) }, language);
}
