/**
 * Payday (docs/pay.md, "Payday"): one execution date decided at export and shown everywhere, a large
 * statement approved only on its own, "approve all" confirmed with the count and sum it showed, an
 * export that pays everyone it can and holds back the rest with the reason, "back to draft" for an
 * approved statement, the first download of the SEPA file recorded, and the dashboard's tile.
 * Time is Saturday 28 November 2026 in Bratislava: week 2026-W47 (16.–22.11.) was due on Friday 27.11.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { auditLog, bankAccounts, outbox, payStatements } from "~db/schema";
import { addWeeks } from "~/domain/pay-week";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { readStoredFile } from "~/infra/uploads.server";
import { batchAccountantCsv, exportPayouts } from "~/services/payout.server";
import { ownStatementPdfPayday } from "~/services/courier-statement.server";
import { createUser } from "../../tests/factories";
import { insertStatement } from "../../tests/pay-fixtures";
import { slowWrites } from "../../tests/raw-sql";
import { listOwnStatements } from "./courier-pay.server";
import {
  approvalPreview,
  approveStatements,
  listPayWeeks,
  payDueTile,
  ReviewError,
  returnToDraft,
  weekReview,
} from "./pay-review.server";
import { getBatch, markBatchPaid, PayoutBatchError, recordSepaDownload } from "./payout-batches.server";

const SCHEMA = path.resolve(import.meta.dirname, "../../tests/fixtures/standards/pain.001.001.09.xsd");
const dir = mkdtempSync(path.join(tmpdir(), "payday-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function validates(xml: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const run = Bun.spawnSync(["xmllint", "--noout", "--schema", SCHEMA, file]);
  return run.exitCode === 0 ? true : run.stderr.toString();
}

process.env.PAYOUT_DEBTOR_NAME ??= "Courier Fleet s.r.o.";
const debtor = config().payoutDebtor as { name?: string; iban?: string };
debtor.name = "Courier Fleet s.r.o.";
debtor.iban = "SK8975000000000012345671";

/** Saturday 28 November 2026, 11:00 in Bratislava. */
const SATURDAY = new Date("2026-11-28T10:00:00Z");
const admin = await createUser({ role: "admin" });

// Each test takes weeks of its own (a week's "approve all" and export take every statement of the week).
let weekCounter = 0;
function freshWeek() {
  weekCounter += 1;
  return new Date(Date.UTC(2031, 0, 6) + weekCounter * 5 * 7 * 86_400_000).toISOString().slice(0, 10);
}
/** Wednesday of the week after `week`: before its Friday payday. */
const midNextWeek = (week: string) => new Date(Date.parse(`${week}T10:00:00Z`) + 9 * 86_400_000);

async function courier(fullName = "Ján Kováč", language: "sk" | "ua" | "en" = "sk") {
  const user = await createUser({ fullName, language });
  await writerForTests()
    .insert(bankAccounts)
    .values({ userId: user.id, iban: "SK3112000000198742637541", holder: fullName, changedAt: new Date("2020-01-01") });
  return user;
}

/** A draft of `minutes` worked (7.50 €/h, no rent): 600 minutes pay 75,00 €. */
async function draft(userId: number, week: string, minutes = 600, tipsCents = 0) {
  return (await insertStatement(userId, week, { status: "draft", minutes, tipsCents, leaseDays: 0 })).statement;
}

const statusOf = async (id: number) =>
  (await writerForTests().select().from(payStatements).where(eq(payStatements.id, id)))[0]!;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof ReviewError || error instanceof PayoutBatchError) return error.key;
  throw error ?? new Error("not refused");
}

describe("one payday, never in the past", () => {
  test("approved on Saturday 28.11.2026 for week 2026-W47: the e-mail, the courier's page and the PDF say 28.11, never 27.11", async () => {
    const user = await courier("Ján Kováč", "sk");
    const s = await draft(user.id, "2026-11-16");
    const result = await approveStatements(admin.id, "2026-11-16", [s.id], SATURDAY);
    expect(result.approved.map((a) => a.id)).toEqual([s.id]);
    const [mail] = await writerForTests()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, "statementApproved")));
    expect(mail!.text).toContain("28. 11. 2026");
    expect(mail!.text).not.toContain("27. 11. 2026");
    const [own] = await listOwnStatements(user.id, SATURDAY);
    expect(own!.payday).toBe("2026-11-28");
    expect(await ownStatementPdfPayday(user.id, s.id, SATURDAY)).toBe("2026-11-28");
  });

  test("export on Saturday 28.11.2026 fixes 28.11 on the batch, in ReqdExctnDt, the accountant's CSV, the courier's page and the paid e-mail", async () => {
    const user = await courier("Олена Коваленко", "ua");
    const s = await draft(user.id, "2026-11-16", 600);
    await approveStatements(admin.id, "2026-11-16", [s.id], SATURDAY);
    const exported = await exportPayouts(admin.id, "2026-11-16", SATURDAY);
    const batch = (await getBatch(exported.batchId))!;
    expect(batch.payday).toBe("2026-11-28");
    const xml = new TextDecoder().decode(await (await readStoredFile(batch.fileKey))!.arrayBuffer());
    expect(validates(xml)).toBe(true);
    expect(xml).toContain("<ReqdExctnDt><Dt>2026-11-28</Dt></ReqdExctnDt>");
    expect(xml).not.toContain("2026-11-27");
    expect(await batchAccountantCsv(exported.batchId, "sk", new Date("2026-12-03T10:00:00Z"))).toContain("28.11.2026");
    // Days later the stored date still holds: nothing recomputes it from "today".
    const later = new Date("2026-12-02T10:00:00Z");
    expect((await listOwnStatements(user.id, later)).find((o) => o.id === s.id)!.payday).toBe("2026-11-28");
    expect((await listPayWeeks(60, later)).find((w) => w.week === "2026-11-16")!.payday).toBe("2026-11-28");
    await markBatchPaid(admin.id, exported.batchId, later);
    const [paid] = await writerForTests()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, "statementPaid")));
    expect(paid!.text).toContain("28.11.2026");
  });

  test("before its payday the rule's Friday stands; an export then still pays on that Friday", async () => {
    const week = freshWeek();
    const user = await courier();
    const s = await draft(user.id, week);
    const wednesday = midNextWeek(week);
    await approveStatements(admin.id, week, [s.id], wednesday);
    const friday = new Date(Date.parse(`${week}T00:00:00Z`) + 11 * 86_400_000).toISOString().slice(0, 10);
    expect((await listOwnStatements(user.id, wednesday))[0]!.payday).toBe(friday);
    const exported = await exportPayouts(admin.id, week, wednesday);
    expect((await getBatch(exported.batchId))!.payday).toBe(friday);
  });

  test("the dashboard's tile counts what is due now, overdue included; the week's review says payday passed", async () => {
    const user = await courier();
    const other = await courier("Peter Novák");
    await insertStatement(user.id, "2026-11-09", { status: "approved", minutes: 600, leaseDays: 0, tipsCents: 0 });
    await insertStatement(other.id, "2026-11-16", { status: "approved", minutes: 120, leaseDays: 0, tipsCents: 0 });
    const tile = await payDueTile(SATURDAY);
    expect(tile.couriers).toBeGreaterThanOrEqual(2);
    expect(tile.overdue).toBeGreaterThanOrEqual(2);
    expect(tile.totalCents).toBeGreaterThanOrEqual(7500 + 1500);
    const review = await weekReview("2026-11-16", SATURDAY);
    expect(review.paydayPassed).toBe(true);
    // A courier owed two weeks is one courier, overdue once.
    const owedTwice = await courier("Olena Dvakrát");
    await insertStatement(owedTwice.id, "2026-11-09", { status: "approved", minutes: 60, leaseDays: 0, tipsCents: 0 });
    await insertStatement(owedTwice.id, "2026-11-16", { status: "exported", minutes: 60, leaseDays: 0, tipsCents: 0 });
    const after = await payDueTile(SATURDAY);
    expect(after.couriers).toBe(tile.couriers + 1);
    expect(after.overdue).toBe(tile.overdue + 1);
    expect(after.totalCents).toBe(tile.totalCents + 750 + 750);
    expect(review.expectedPayday).toBe("2026-11-28");
  });
});

describe("a statement far above the courier's usual", () => {
  test("over the cap it is flagged; approve all skips it with the reason; it is approved only with its own confirmation", async () => {
    const week = freshWeek();
    const big = await courier("Veľký Zárobok");
    const usual = await courier();
    const large = await draft(big.id, week, 600, 160_000); // 75,00 € + 1 600,00 € tips
    const normal = await draft(usual.id, week);
    const now = midNextWeek(week);
    const review = await weekReview(week, now);
    expect(review.rows.find((r) => r.id === large.id)!.anomalies).toContain("largePayout");
    expect(review.rows.find((r) => r.id === normal.id)!.anomalies).not.toContain("largePayout");
    const all = await approveStatements(admin.id, week, "all", now);
    expect(all.approved.map((a) => a.id)).toEqual([normal.id]);
    expect(all.skipped).toEqual([expect.objectContaining({ id: large.id, reason: "largePayout" })]);
    const ticked = await approveStatements(admin.id, week, [large.id], now);
    expect(ticked.skipped).toEqual([expect.objectContaining({ id: large.id, reason: "largePayout" })]);
    const confirmed = await approveStatements(admin.id, week, [large.id], now, { confirmLarge: [large.id] });
    expect(confirmed.approved.map((a) => a.id)).toEqual([large.id]);
  });

  test("more than three times the median of the courier's last weeks is flagged below the cap too", async () => {
    const user = await courier();
    const first = freshWeek();
    const weeks = [0, 1, 2, 3].map((n) => addWeeks(first, n));
    for (const w of weeks.slice(0, 3))
      await insertStatement(user.id, w, { status: "paid", minutes: 600, leaseDays: 0, tipsCents: 0 });
    const jump = await draft(user.id, weeks[3]!, 600, 30_000); // 375,00 € against a usual 75,00 €
    const review = await weekReview(weeks[3]!, midNextWeek(weeks[3]!));
    expect(review.rows.find((r) => r.id === jump.id)!.anomalies).toContain("largePayout");
  });
});

describe("approve all, confirmed", () => {
  test("the confirmation shows the count and sum; a stale one approves nothing", async () => {
    const week = freshWeek();
    const [a, b] = [await courier(), await courier()];
    await draft(a.id, week, 600);
    const now = midNextWeek(week);
    const preview = await approvalPreview(week, now);
    expect(preview).toMatchObject({ count: 1, totalCents: 7500 });
    await draft(b.id, week, 120); // arrives after the admin looked
    expect(await refusal(approveStatements(admin.id, week, "all", now, { expected: preview }))).toBe("stale");
    const [rows] = [await writerForTests().select().from(payStatements).where(eq(payStatements.weekStart, week))];
    expect(rows.map((r) => r.status)).toEqual(["draft", "draft"]);
    const fresh = await approvalPreview(week, now);
    expect(fresh).toMatchObject({ count: 2, totalCents: 9000 });
    expect((await approveStatements(admin.id, week, "all", now, { expected: fresh })).approved).toHaveLength(2);
  });

  test("twenty confirmed 'approve all' at once: one approves, nineteen are refused as stale, one audit entry each", async () => {
    const week = freshWeek();
    const users = await Promise.all(Array.from({ length: 3 }, () => courier()));
    const ids = [];
    for (const u of users) ids.push((await draft(u.id, week)).id);
    const now = midNextWeek(week);
    const expected = await approvalPreview(week, now);
    const restore = await slowWrites("pay_statements", "update", `NEW.id = ${ids[0]}`, 200);
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => approveStatements(admin.id, week, "all", now, { expected })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results)
        if (r.status === "rejected") expect(r.reason instanceof ReviewError && r.reason.key).toBe("stale");
    } finally {
      await restore();
    }
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pay_statement.approve"), inArray(auditLog.entityId, ids)));
    expect(audits).toHaveLength(3);
  });
});

describe("one name does not block everyone's pay", () => {
  test("the export pays every statement it can write and holds back the one it cannot, with the reason", async () => {
    const week = freshWeek();
    const [good, bad] = [await courier("Ľubomír Šťastný"), await courier("ЬЬЬ")];
    const ok = await draft(good.id, week);
    const blocked = await draft(bad.id, week);
    const now = midNextWeek(week);
    await approveStatements(admin.id, week, "all", now);
    const exported = await exportPayouts(admin.id, week, now);
    expect(exported.count).toBe(1);
    expect(exported.heldBack).toEqual([expect.objectContaining({ statementId: blocked.id, problem: "name" })]);
    const batch = (await getBatch(exported.batchId))!;
    expect(batch.statements.map((s) => s.id)).toEqual([ok.id]);
    expect(batch.heldBack).toEqual([expect.objectContaining({ statementId: blocked.id, problem: "name" })]);
    expect((await statusOf(blocked.id)).status).toBe("approved");
    const xml = new TextDecoder().decode(await (await readStoredFile(batch.fileKey))!.arrayBuffer());
    expect(validates(xml)).toBe(true);
    expect(xml).not.toContain(`CF-ST-${blocked.id}<`);
  });

  test("an approved statement goes back to draft, audited, once; an exported one does not", async () => {
    const week = freshWeek();
    const user = await courier("ЬЬЬ");
    const s = await draft(user.id, week);
    const now = midNextWeek(week);
    await approveStatements(admin.id, week, [s.id], now);
    const restore = await slowWrites("pay_statements", "update", `NEW.id = ${s.id}`, 200);
    let results: PromiseSettledResult<unknown>[];
    try {
      results = await Promise.allSettled(Array.from({ length: 20 }, () => returnToDraft(admin.id, s.id, now)));
    } finally {
      await restore();
    }
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(r.reason instanceof ReviewError && r.reason.key).toBe("notApproved");
    expect(await statusOf(s.id)).toMatchObject({ status: "draft", approvedAt: null, iban: null, holder: null });
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pay_statement.return_to_draft"), eq(auditLog.entityId, s.id)));
    expect(audits).toHaveLength(1);
    const exported = await insertStatement(user.id, freshWeek(), { status: "exported" });
    expect(await refusal(returnToDraft(admin.id, exported.statement.id, now))).toBe("notApproved");
  });
});

describe("sent to the bank only once the file was downloaded", () => {
  test("the courier reads 'being prepared' until the first download, which is recorded once", async () => {
    const week = freshWeek();
    const user = await courier();
    const s = await draft(user.id, week);
    const now = midNextWeek(week);
    await approveStatements(admin.id, week, [s.id], now);
    const exported = await exportPayouts(admin.id, week, now);
    expect((await listOwnStatements(user.id, now))[0]).toMatchObject({ status: "exported", sentToBank: false });
    const downloads = await Promise.all(
      Array.from({ length: 5 }, () => recordSepaDownload(admin.id, exported.batchId, now)),
    );
    expect(downloads.filter(Boolean)).toHaveLength(1);
    expect((await getBatch(exported.batchId))!).toMatchObject({ downloadedBy: admin.email });
    expect((await listOwnStatements(user.id, now))[0]).toMatchObject({ status: "exported", sentToBank: true });
  });

  test("mark paid with a confirmed count and sum; a different one is refused", async () => {
    const week = freshWeek();
    const user = await courier();
    const s = await draft(user.id, week);
    const now = midNextWeek(week);
    await approveStatements(admin.id, week, [s.id], now);
    const exported = await exportPayouts(admin.id, week, now);
    expect(await refusal(markBatchPaid(admin.id, exported.batchId, now, { count: 2, totalCents: 7500 }))).toBe(
      "changedMeanwhile",
    );
    await markBatchPaid(admin.id, exported.batchId, now, { count: 1, totalCents: 7500 });
    expect((await statusOf(s.id)).status).toBe("paid");
  });
});

describe("twenty parallel posts on one batch", () => {
  test("export of one week twenty times at once: one batch, nineteen refused, every statement exported once", async () => {
    const week = freshWeek();
    const users = await Promise.all(Array.from({ length: 3 }, () => courier()));
    const ids: number[] = [];
    for (const u of users) ids.push((await draft(u.id, week)).id);
    const now = midNextWeek(week);
    await approveStatements(admin.id, week, "all", now);
    const restore = await slowWrites("pay_statements", "update", `NEW.id = ${ids[0]}`, 200);
    let results: PromiseSettledResult<{ batchId: number }>[];
    const started = Date.now();
    try {
      results = await Promise.allSettled(Array.from({ length: 20 }, () => exportPayouts(admin.id, week, now)));
    } finally {
      await restore();
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(await refusal(Promise.reject(r.reason))).toBe("nothingApproved");
    const rows = await writerForTests().select().from(payStatements).where(inArray(payStatements.id, ids));
    expect(new Set(rows.map((r) => r.batchId)).size).toBe(1);
  });

  test("mark paid twenty times at once, confirmed: one pays (one e-mail each), nineteen are refused", async () => {
    const week = freshWeek();
    const user = await courier();
    const s = await draft(user.id, week);
    const now = midNextWeek(week);
    await approveStatements(admin.id, week, [s.id], now);
    const { batchId } = await exportPayouts(admin.id, week, now);
    const restore = await slowWrites("payout_batches", "update", `NEW.id = ${batchId}`, 200);
    let results: PromiseSettledResult<unknown>[];
    const started = Date.now();
    try {
      results = await Promise.allSettled(
        Array.from({ length: 20 }, () => markBatchPaid(admin.id, batchId, now, { count: 1, totalCents: 7500 })),
      );
    } finally {
      await restore();
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect(await refusal(Promise.reject(r.reason))).toBe("alreadyPaid");
    const mails = await writerForTests()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, "statementPaid")));
    expect(mails).toHaveLength(1);
  });
});
