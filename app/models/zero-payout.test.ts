/**
 * A week with nothing to transfer is settled like every other week, with 0 € sent (docs/pay.md, "The
 * weekly loop"): 20 € pay against 35 € of scooter rent is approved (no IBAN needed), goes into the week's
 * payout batch without a SEPA transaction, is marked paid with the others without a "paid" e-mail, and its
 * hours, pay and rent appear in the accountant's month of the batch's execution date — once.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { bankAccounts, outbox, payStatements } from "~db/schema";
import { monthOf } from "~/domain/pay-month";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { readStoredFile } from "~/infra/uploads.server";
import { batchAccountantCsv, batchSepaFile, exportPayouts } from "~/services/payout.server";
import { createUser } from "../../tests/factories";
import { insertStatement } from "../../tests/pay-fixtures";
import { slowWrites } from "../../tests/raw-sql";
import { listOwnStatements } from "./courier-pay.server";
import { payrollMonth } from "./pay-month.server";
import { approvalPreview, approveStatements, weekReview } from "./pay-review.server";
import { cancelBatch, getBatch, markBatchPaid, PayoutBatchError } from "./payout-batches.server";

const SCHEMA = path.resolve(import.meta.dirname, "../../tests/fixtures/standards/pain.001.001.09.xsd");
const dir = mkdtempSync(path.join(tmpdir(), "zero-payout-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function validates(xml: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const run = Bun.spawnSync(["xmllint", "--noout", "--schema", SCHEMA, file]);
  return run.exitCode === 0 ? true : run.stderr.toString();
}

const debtor = config().payoutDebtor as { name?: string; iban?: string };
debtor.name = "Courier Fleet s.r.o.";
debtor.iban = "SK8975000000000012345671";

const admin = await createUser({ role: "admin" });

// Each test takes weeks of its own, far from every other file's (an export takes the week's statements).
let weekCounter = 0;
function freshWeek() {
  weekCounter += 1;
  return new Date(Date.UTC(2037, 0, 5) + weekCounter * 5 * 7 * 86_400_000).toISOString().slice(0, 10);
}
/** Wednesday of the week after `week`: before its Friday payday. */
const midNextWeek = (week: string) => new Date(Date.parse(`${week}T10:00:00Z`) + 9 * 86_400_000);

async function courier(fullName: string, withIban = true) {
  const user = await createUser({ fullName, language: "en" });
  if (withIban)
    await writerForTests()
      .insert(bankAccounts)
      .values({ userId: user.id, iban: "SK3112000000198742637541", holder: fullName, changedAt: new Date(0) });
  return user;
}

/** 2 h 40 min at 7,50 €/h = 20,00 € against 7 days of rent at 5,00 € = 35,00 €: net −15,00 €, nothing to pay. */
async function negativeDraft(userId: number, week: string) {
  const { statement } = await insertStatement(userId, week, { status: "draft", minutes: 160, tipsCents: 0 });
  expect(statement).toMatchObject({ payCents: 2000, rentCents: 3500, netCents: -1500, payoutCents: 0 });
  return statement;
}

/** 10 h = 75,00 €, no rent. */
async function paidDraft(userId: number, week: string) {
  return (await insertStatement(userId, week, { status: "draft", minutes: 600, tipsCents: 0, leaseDays: 0 })).statement;
}

const rowOf = async (id: number) =>
  (await writerForTests().select().from(payStatements).where(eq(payStatements.id, id)))[0]!;

const mailsOf = (userId: number, kind: string) =>
  writerForTests()
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.kind, kind)));

describe("a week with nothing to transfer", () => {
  test("a negative week is approved with the others, without an IBAN; approve all's count includes it, its sum does not change", async () => {
    const week = freshWeek();
    const now = midNextWeek(week);
    const payee = await courier("Anna Platená");
    const owing = await courier("Bohdan Bezúčtu", false);
    const paid = await paidDraft(payee.id, week);
    const negative = await negativeDraft(owing.id, week);
    const review = await weekReview(week, now);
    expect(review.rows.find((r) => r.id === negative.id)!.skip).toBeNull();
    const preview = await approvalPreview(week, now);
    expect(preview).toEqual({ count: 2, totalCents: 7500 });
    const result = await approveStatements(admin.id, week, "all", now, { expected: preview });
    expect(result.approved.map((a) => a.id).sort()).toEqual([paid.id, negative.id].sort());
    expect(result.skipped).toEqual([]);
    expect(await rowOf(negative.id)).toMatchObject({ status: "approved", payoutCents: 0, carryOutCents: -1500 });
    // No "0,00 € will be paid" e-mail: a short note that nothing is transferred and what is carried over.
    expect(await mailsOf(owing.id, "statementApproved")).toHaveLength(0);
    const [note] = await mailsOf(owing.id, "statementNothingToTransfer");
    expect(note!.text).toContain("15.00");
    expect(note!.text).not.toContain("0.00 €");
  });

  test("exported without a SEPA transaction, marked paid with the others, and counted in the month once", async () => {
    const week = freshWeek();
    const now = midNextWeek(week);
    const payee = await courier("Cyril Platený");
    const owing = await courier("Dana Dlžná");
    const paid = await paidDraft(payee.id, week);
    const negative = await negativeDraft(owing.id, week);
    await approveStatements(admin.id, week, "all", now);

    const exported = await exportPayouts(admin.id, week, now);
    expect(exported.heldBack).toEqual([]);
    expect(exported.count).toBe(1);
    expect(exported.nothingToTransfer).toBe(1);
    const batch = (await getBatch(exported.batchId))!;
    expect(batch).toMatchObject({ count: 1, totalCents: 7500 });
    expect(batch.statements.map((s) => s.id).sort()).toEqual([paid.id, negative.id].sort());
    expect(batch.statements.find((s) => s.id === negative.id)).toMatchObject({ payoutCents: 0, carryOutCents: -1500 });
    expect(await rowOf(negative.id)).toMatchObject({ status: "exported", batchId: exported.batchId });
    const xml = new TextDecoder().decode(await (await readStoredFile(batch.fileKey))!.arrayBuffer());
    expect(validates(xml)).toBe(true);
    expect(xml).toContain(`CF-ST-${paid.id}<`);
    expect(xml).not.toContain(`CF-ST-${negative.id}<`);
    expect(xml).toContain("<NbOfTxs>1</NbOfTxs>");
    expect(xml).toContain("<CtrlSum>75.00</CtrlSum>");
    // The accountant's copy of the transfers: the same one line.
    const csv = (await batchAccountantCsv(exported.batchId, "en"))!;
    expect(csv).toContain(`CF-ST-${paid.id}`);
    expect(csv).not.toContain(`CF-ST-${negative.id}`);

    await markBatchPaid(admin.id, exported.batchId, now, { count: 1, totalCents: 7500 });
    expect((await rowOf(negative.id)).status).toBe("paid");
    expect(await mailsOf(payee.id, "statementPaid")).toHaveLength(1);
    expect(await mailsOf(owing.id, "statementPaid")).toHaveLength(0);

    const month = await payrollMonth(monthOf(batch.payday));
    const row = month.rows.find((r) => r.userId === owing.id)!;
    expect(row).toMatchObject({
      statements: 1,
      minutes: 160,
      payCents: 2000,
      rentCents: 3500,
      netCents: -1500,
      payoutCents: 0,
      paidOn: [batch.payday],
    });
    // In no other month.
    const [y, m] = batch.payday.split("-").map(Number) as [number, number];
    for (const other of [new Date(Date.UTC(y, m - 2, 1)), new Date(Date.UTC(y, m, 1))]) {
      const elsewhere = await payrollMonth(monthOf(other.toISOString().slice(0, 10)));
      expect(elsewhere.rows.find((r) => r.userId === owing.id)).toBeUndefined();
    }
    // The courier's page: settled, 0 € transferred, 15 € carried over.
    const [own] = await listOwnStatements(owing.id, now);
    expect(own).toMatchObject({ status: "paid", payoutCents: 0, carryOutCents: -1500, nothingToTransfer: true });
  });

  test("a week of only zero payouts: a batch with no transfer and no file, settled by marking it paid", async () => {
    const week = freshWeek();
    const now = midNextWeek(week);
    const owing = await courier("Eva Nulová", false);
    const negative = await negativeDraft(owing.id, week);
    await approveStatements(admin.id, week, [negative.id], now);
    const exported = await exportPayouts(admin.id, week, now);
    expect(exported).toMatchObject({ count: 0, nothingToTransfer: 1, heldBack: [] });
    const batch = (await getBatch(exported.batchId))!;
    expect(batch).toMatchObject({ count: 0, totalCents: 0, status: "exported", hasFile: false });
    expect(await batchSepaFile(exported.batchId, admin.id, now)).toBeNull();
    expect((await getBatch(exported.batchId))!.downloadedAt).toBeNull();
    // Cancelled, it returns to approved; exported again, it is settled by marking the new batch paid.
    await cancelBatch(admin.id, exported.batchId, now);
    expect(await rowOf(negative.id)).toMatchObject({ status: "approved", batchId: null });
    const again = await exportPayouts(admin.id, week, now);
    await markBatchPaid(admin.id, again.batchId, now, { count: 0, totalCents: 0 });
    expect(await rowOf(negative.id)).toMatchObject({ status: "paid", batchId: again.batchId });
    const month = await payrollMonth(monthOf((await getBatch(again.batchId))!.payday));
    expect(month.rows.find((r) => r.userId === owing.id)).toMatchObject({ statements: 1, minutes: 160 });
  });

  test("a zero payout is settled even when the week's one transfer is held back; negative or fractional amounts are still held back", async () => {
    const week = freshWeek();
    const now = midNextWeek(week);
    const blocked = await courier("ЬЬЬ");
    const owing = await courier("Filip Nula", false);
    const transfer = await paidDraft(blocked.id, week);
    const negative = await negativeDraft(owing.id, week);
    await approveStatements(admin.id, week, "all", now);
    const exported = await exportPayouts(admin.id, week, now);
    expect(exported).toMatchObject({ count: 0, nothingToTransfer: 1 });
    expect(exported.heldBack).toEqual([expect.objectContaining({ statementId: transfer.id, problem: "name" })]);
    expect((await rowOf(transfer.id)).status).toBe("approved");
    expect((await rowOf(negative.id)).status).toBe("exported");

    // An approved statement whose payout is not a whole, non-negative number of cents never goes out.
    const odd = freshWeek();
    const bad = await insertStatement((await courier("Gabriel Zlý")).id, odd, { status: "approved" });
    await writerForTests().update(payStatements).set({ payoutCents: -5 }).where(eq(payStatements.id, bad.statement.id));
    const refused = await exportPayouts(admin.id, odd, midNextWeek(odd)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused instanceof PayoutBatchError && refused.key).toBe("nothingWritable");
    expect((await rowOf(bad.statement.id)).status).toBe("approved");
  });

  test("mark paid twenty times at once on a batch with a zero payout: one pays, each statement paid once, one e-mail", async () => {
    const week = freshWeek();
    const now = midNextWeek(week);
    const payee = await courier("Hana Platená");
    const owing = await courier("Igor Nulový");
    const paid = await paidDraft(payee.id, week);
    const negative = await negativeDraft(owing.id, week);
    await approveStatements(admin.id, week, "all", now);
    const { batchId } = await exportPayouts(admin.id, week, now);
    const restore = await slowWrites("payout_batches", "update", `NEW.id = ${batchId}`, 200);
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled(
        Array.from({ length: 20 }, () => markBatchPaid(admin.id, batchId, now, { count: 1, totalCents: 7500 })),
      );
    } finally {
      await restore();
    }
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await writerForTests()
      .select()
      .from(payStatements)
      .where(inArray(payStatements.id, [paid.id, negative.id]));
    expect(rows.map((r) => r.status)).toEqual(["paid", "paid"]);
    expect(await mailsOf(payee.id, "statementPaid")).toHaveLength(1);
    expect(await mailsOf(owing.id, "statementPaid")).toHaveLength(0);
  });
});
