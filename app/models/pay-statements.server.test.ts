import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { auditLog, bankAccounts, earningImports, earnings, handovers, payAdjustments, payStatements } from "~db/schema";
import { startOfLocalDate } from "~/domain/pay-week";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { readStoredFile } from "~/infra/uploads.server";
import { batchAccountantCsv, exportPayouts, payBatch } from "~/services/payout.server";
import { PayoutFileError } from "~/services/payout-file.server";
import { vehicle } from "../../tests/admin-fixtures";
import { createUser } from "../../tests/factories";
import { addAdjustment, AdjustmentError } from "./pay-adjustments.server";
import { approveStatements, listPayWeeks, weekReview } from "./pay-review.server";
import { draftClosedWeeks, recomputeFrom } from "./pay-statements.server";
import { getPaySettings } from "./settings.server";
import { cancelBatch, getBatch, markBatchPaid, PayoutBatchError } from "./payout-batches.server";
import { createPlatform, linkPlatformAccount } from "./platforms.server";

const SCHEMA = path.resolve(import.meta.dirname, "../../tests/fixtures/standards/pain.001.001.09.xsd");
const dir = mkdtempSync(path.join(tmpdir(), "pay-statements-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validates(xml: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const run = Bun.spawnSync(["xmllint", "--noout", "--schema", SCHEMA, file]);
  return run.exitCode === 0 ? true : run.stderr.toString();
}

// Each test works in weeks of its own (every later week is a week further on), so they share one database.
let weekCounter = 0;
function freshWeek() {
  weekCounter += 1;
  const monday = new Date(Date.UTC(2030, 0, 7) + weekCounter * 3 * 7 * 86_400_000);
  return monday.toISOString().slice(0, 10);
}
const day = (week: string, n: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** A moment well after the week (and the one after it) closed. */
const after = (week: string, weeks = 1) => new Date(Date.parse(`${week}T12:00:00Z`) + (7 * weeks + 1) * 86_400_000);

const admin = await createUser({ role: "admin" });
const { rentPerDayCents: rent } = await getPaySettings();
const platformId = await createPlatform(admin.id, `Wolt pay ${Date.now()}`);
let accountCounter = 0;

async function courierWithAccount(options: { iban?: boolean; fullName?: string } = {}) {
  const user = await createUser({ fullName: options.fullName ?? "Ján Kováč" });
  accountCounter += 1;
  const accountId = `ACC-${accountCounter}-${Date.now().toString(36)}`;
  await linkPlatformAccount(admin.id, { platformId, accountId, userId: user.id, startsOn: "2029-01-01" });
  if (options.iban !== false)
    await writerForTests()
      .insert(bankAccounts)
      .values({
        userId: user.id,
        iban: "SK3112000000198742637541",
        holder: options.fullName ?? "Ján Kováč",
        changedAt: new Date("2029-01-01T00:00:00Z"),
      });
  return { user, accountId };
}

async function importDays(
  week: string,
  rows: { accountId: string; day: number; minutes: number; grossCents?: number; tipsCents?: number }[],
) {
  const [imp] = await writerForTests()
    .insert(earningImports)
    .values({
      platformId,
      weekStart: week,
      fileName: "w.csv",
      storageKey: `k-${Math.random().toString(36).slice(2)}`,
      sha256: "x",
      committedAt: new Date(),
    })
    .returning();
  for (const r of rows)
    await writerForTests()
      .insert(earnings)
      .values({
        platformId,
        accountId: r.accountId,
        day: day(week, r.day),
        minutes: r.minutes,
        deliveries: 3,
        grossCents: r.grossCents ?? 3000,
        tipsCents: r.tipsCents ?? 0,
        importId: imp!.id,
      })
      .onConflictDoUpdate({
        target: [earnings.platformId, earnings.accountId, earnings.day],
        set: { minutes: r.minutes, importId: imp!.id },
      });
}

async function statementOf(userId: number, week: string) {
  const [row] = await writerForTests()
    .select()
    .from(payStatements)
    .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, week)));
  return row;
}

/** A lease from the handover history: check-out at `start`, check-in at `end` (Bratislava dates at 10:00). */
async function lease(userId: number, start: string, end: string | null) {
  const v = await vehicle();
  const at = (date: string) => new Date(startOfLocalDate(date).getTime() + 10 * 3_600_000);
  const [out] = await writerForTests()
    .insert(handovers)
    .values({ kind: "check_out", vehicleId: v.id, userId, createdAt: at(start) })
    .returning();
  if (end)
    await writerForTests()
      .insert(handovers)
      .values({ kind: "check_in", vehicleId: v.id, userId, checkOutId: out!.id, createdAt: at(end) });
}

describe("the statement engine", () => {
  test("hours, tips and rent for a lease that starts mid-week and one that ends mid-week", async () => {
    const week = freshWeek();
    const starts = await courierWithAccount();
    const ends = await courierWithAccount();
    await importDays(week, [
      { accountId: starts.accountId, day: 2, minutes: 240, tipsCents: 150 },
      { accountId: ends.accountId, day: 0, minutes: 90 },
    ]);
    await lease(starts.user.id, day(week, 2), day(week, 9)); // Wednesday on, out past Sunday: Wed–Sun = 5 days
    await lease(ends.user.id, day(week, -10), day(week, 3)); // back on Thursday: Mon–Wed = 3 days
    await recomputeFrom(week, after(week));
    const a = await statementOf(starts.user.id, week);
    const b = await statementOf(ends.user.id, week);
    expect(a).toMatchObject({ status: "draft", minutes: 240, payCents: 3000, tipsCents: 150, rentCents: 5 * rent });
    expect(b).toMatchObject({ minutes: 90, payCents: 1125, rentCents: 3 * rent });
    expect(a!.netCents).toBe(3000 + 150 - 5 * rent);
    expect(b!.netCents).toBe(1125 - 3 * rent);
  });

  test("a negative week is carried into the next one", async () => {
    const week = freshWeek();
    const next = day(week, 7);
    const c = await courierWithAccount();
    await lease(c.user.id, day(week, -3), day(week, 14));
    await importDays(next, [{ accountId: c.accountId, day: 1, minutes: 600 }]);
    await recomputeFrom(week, after(next));
    expect((await statementOf(c.user.id, week))!.carryOutCents).toBe(-7 * rent);
    const second = (await statementOf(c.user.id, next))!;
    expect(second.carriedInCents).toBe(-7 * rent);
    expect(second.netCents).toBe(7500 - 7 * rent - 7 * rent);
    expect(second.lines).toContainEqual(expect.objectContaining({ kind: "carryIn", amountCents: -7 * rent }));
  });

  test("the weekly job drafts every recent closed week with imported days, not only the last (days imported without a recompute, as the demo seed does)", async () => {
    const first = freshWeek();
    const second = day(first, 7);
    const c = await courierWithAccount();
    await importDays(first, [{ accountId: c.accountId, day: 2, minutes: 90 }]);
    await importDays(second, [{ accountId: c.accountId, day: 3, minutes: 30 }]);
    await draftClosedWeeks(after(second));
    expect((await statementOf(c.user.id, first))?.minutes).toBe(90);
    expect((await statementOf(c.user.id, second))?.minutes).toBe(30);
  });

  test("drafts follow imports as they arrive; the weekly job is idempotent; an open week gets no statement", async () => {
    const week = freshWeek();
    const c = await courierWithAccount();
    await importDays(week, [{ accountId: c.accountId, day: 0, minutes: 60 }]);
    expect(await recomputeFrom(week, new Date(Date.parse(`${week}T12:00:00Z`)))).toEqual([]);
    expect(await statementOf(c.user.id, week)).toBeUndefined();
    await draftClosedWeeks(after(week));
    expect((await statementOf(c.user.id, week))!.minutes).toBe(60);
    await importDays(week, [{ accountId: c.accountId, day: 1, minutes: 120 }]);
    await draftClosedWeeks(after(week));
    await draftClosedWeeks(after(week));
    const rows = await writerForTests()
      .select()
      .from(payStatements)
      .where(and(eq(payStatements.userId, c.user.id), eq(payStatements.weekStart, week)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.minutes).toBe(180);
  });

  test("approval freezes: a later import does not change an approved statement; a correction lands in the next week", async () => {
    const week = freshWeek();
    const c = await courierWithAccount();
    await importDays(week, [{ accountId: c.accountId, day: 0, minutes: 120 }]);
    await recomputeFrom(week, after(week));
    const draft = (await statementOf(c.user.id, week))!;
    const result = await approveStatements(admin.id, week, [draft.id], after(week));
    expect(result.approved.map((s) => s.id)).toEqual([draft.id]);
    const frozen = (await statementOf(c.user.id, week))!;
    expect(frozen).toMatchObject({
      status: "approved",
      approvedById: admin.id,
      iban: "SK3112000000198742637541",
      holder: "Ján Kováč",
      payoutCents: 1500,
    });

    await importDays(week, [{ accountId: c.accountId, day: 1, minutes: 600 }]);
    await recomputeFrom(week, after(week));
    expect((await statementOf(c.user.id, week))!).toMatchObject({ status: "approved", minutes: 120, payCents: 1500 });

    const landed = await addAdjustment(
      admin.id,
      { userId: c.user.id, week, kind: "correction", amountCents: -250, reason: "Double-counted day" },
      after(week),
    );
    expect(landed).toMatchObject({ week: day(week, 7), moved: true });
    const [adjustment] = await writerForTests().select().from(payAdjustments).where(eq(payAdjustments.id, landed.id));
    expect(adjustment).toMatchObject({ weekStart: day(week, 7), statementId: null });
    expect((await statementOf(c.user.id, week))!.netCents).toBe(1500);
    expect(
      await refusal(addAdjustment(admin.id, { userId: c.user.id, week, kind: "bonus", amountCents: -5, reason: "x" })),
    ).toBe("amount");
    expect(
      await refusal(addAdjustment(admin.id, { userId: c.user.id, week, kind: "bonus", amountCents: 5, reason: "  " })),
    ).toBe("reasonRequired");
  });

  test("an adjustment in an open draft week recomputes the draft, and approval settles it to the statement", async () => {
    const week = freshWeek();
    const c = await courierWithAccount();
    await importDays(week, [{ accountId: c.accountId, day: 0, minutes: 60 }]);
    await recomputeFrom(week, after(week));
    const { id } = await addAdjustment(
      admin.id,
      { userId: c.user.id, week, kind: "bonus", amountCents: 1000, reason: "Rainy week" },
      after(week),
    );
    const draft = (await statementOf(c.user.id, week))!;
    expect(draft.adjustmentsCents).toBe(1000);
    await approveStatements(admin.id, week, "all", after(week));
    const [adjustment] = await writerForTests().select().from(payAdjustments).where(eq(payAdjustments.id, id));
    expect(adjustment!.statementId).toBe(draft.id);
  });

  test("the review flags anomalies; no IBAN is skipped with its reason, a zero payout is approved", async () => {
    const week = freshWeek();
    const noIban = await courierWithAccount({ iban: false });
    const negative = await courierWithAccount();
    await lease(negative.user.id, day(week, -1), day(week, 7));
    await importDays(week, [
      { accountId: noIban.accountId, day: 0, minutes: 60 },
      { accountId: `NOBODY-${week}`, day: 1, minutes: 45 },
    ]);
    await recomputeFrom(week, after(week));
    const review = await weekReview(week, after(week));
    const anomalies = Object.fromEntries(review.rows.map((r) => [r.userId, r.anomalies]));
    expect(anomalies[noIban.user.id]).toEqual(["noIban"]);
    expect(anomalies[negative.user.id]).toEqual(["negativeNet", "leaseNoHours"]);
    expect(review.unlinked).toEqual([expect.objectContaining({ accountId: `NOBODY-${week}`, minutes: 45, days: 1 })]);
    // Other test files share the database: a courier they left on an open lease pays rent in every week,
    // so the week's totals are read as "at least" and the decisions on the two couriers of this test.
    expect(review.anomalyCounts.unlinked).toBe(1);
    for (const anomaly of ["noIban", "negativeNet", "leaseNoHours"] as const)
      expect(review.anomalyCounts[anomaly]).toBeGreaterThanOrEqual(1);
    const ours = [noIban.user.id, negative.user.id];
    const result = await approveStatements(admin.id, week, "all", after(week));
    expect(result.approved.filter((s) => ours.includes(s.userId!)).map((s) => s.userId)).toEqual([negative.user.id]);
    const skipped = Object.fromEntries(
      result.skipped.filter((s) => ours.includes(s.userId!)).map((s) => [String(s.userId), s.reason]),
    );
    expect(skipped).toEqual({ [noIban.user.id]: "noIban" });
    expect((await listPayWeeks()).find((w) => w.week === week)?.statuses.draft).toBeGreaterThanOrEqual(1);
  });

  test("twenty admins approving one week at once: each statement approved once, one audit entry each", async () => {
    const week = freshWeek();
    const couriers = await Promise.all(Array.from({ length: 5 }, () => courierWithAccount()));
    await importDays(
      week,
      couriers.map((c) => ({ accountId: c.accountId, day: 2, minutes: 60 })),
    );
    await recomputeFrom(week, after(week));
    const admins = await Promise.all(Array.from({ length: 20 }, () => createUser({ role: "admin" })));
    const results = await Promise.all(admins.map((a) => approveStatements(a.id, week, "all", after(week))));
    // Other files' couriers may have a week to settle here too (a lease's rent): each approved once as well.
    const all = results.flatMap((r) => r.approved.map((s) => s.id));
    expect(new Set(all).size).toBe(all.length);
    const own = await Promise.all(couriers.map(async (c) => (await statementOf(c.user.id, week))!.id));
    const ids = all.filter((id) => own.includes(id));
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) {
      const audits = await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "pay_statement.approve"), eq(auditLog.entityId, id)));
      expect(audits).toHaveLength(1);
    }
  });
});

describe("payout batches", () => {
  process.env.PAYOUT_DEBTOR_NAME ??= "Courier Fleet s.r.o.";
  const debtor = config().payoutDebtor as { name?: string; iban?: string; bic?: string };
  debtor.name = "Courier Fleet s.r.o.";
  debtor.iban = "SK8975000000000012345671";

  async function approvedWeek(n = 2) {
    const week = freshWeek();
    const couriers = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        courierWithAccount({ fullName: i % 2 ? "Олена Коваленко" : "Ľubomír Šťastný" }),
      ),
    );
    await importDays(
      week,
      couriers.map((c, i) => ({ accountId: c.accountId, day: 1, minutes: 60 * (i + 1), tipsCents: 101 })),
    );
    await recomputeFrom(week, after(week));
    await approveStatements(admin.id, week, "all", after(week));
    return { week, couriers };
  }

  test("export → the XML validates and is kept privately; mark paid; paying twice is refused", async () => {
    const { week, couriers } = await approvedWeek();
    const { batchId, count } = await exportPayouts(admin.id, week, after(week));
    expect(count).toBe(2);
    const batch = (await getBatch(batchId))!;
    expect(batch).toMatchObject({
      status: "exported",
      count: 2,
      totalCents: 750 + 101 + 1500 + 101,
      createdBy: admin.email,
    });
    const ownIds = couriers.map((c) => c.user.id);
    expect(batch.statements.filter((s) => ownIds.includes(s.userId!)).map((s) => s.status)).toEqual([
      "exported",
      "exported",
    ]);
    const xml = await (await readStoredFile(batch.fileKey))!.arrayBuffer().then((b) => new TextDecoder().decode(b));
    expect(validates(xml)).toBe(true);
    const own = batch.statements.filter((s) => ownIds.includes(s.userId!));
    expect(xml).toContain(`<EndToEndId>CF-ST-${own[0]!.id}</EndToEndId>`);
    expect(await batchAccountantCsv(batchId, "sk")).toContain("Ľubomír Šťastný");
    expect(await payBatch(admin.id, batchId, after(week))).toBe(batch.statements.length);
    expect((await statementOf(couriers[0]!.user.id, week))!).toMatchObject({ status: "paid", batchId });
    expect(await refusal(markBatchPaid(admin.id, batchId))).toBe("alreadyPaid");
    expect(await refusal(cancelBatch(admin.id, batchId))).toBe("alreadyPaid");
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "payout_batch"), eq(auditLog.entityId, batchId)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(["payout_batch.export", "payout_batch.paid"]);
  });

  test("cancel returns the statements to approved; a cancelled batch cannot be paid; they export again in a new valid file", async () => {
    const { week, couriers } = await approvedWeek(3);
    const first = await exportPayouts(admin.id, week, after(week));
    const inBatch = (await getBatch(first.batchId))!.statements.length;
    expect(await cancelBatch(admin.id, first.batchId, after(week))).toBe(inBatch);
    expect((await statementOf(couriers[1]!.user.id, week))!).toMatchObject({ status: "approved", batchId: null });
    expect(await refusal(markBatchPaid(admin.id, first.batchId))).toBe("cancelled");
    expect(await refusal(cancelBatch(admin.id, first.batchId))).toBe("cancelled");
    const second = await exportPayouts(admin.id, week, after(week));
    const batch = (await getBatch(second.batchId))!;
    const xml = new TextDecoder().decode(await (await readStoredFile(batch.fileKey))!.arrayBuffer());
    expect(validates(xml)).toBe(true);
    expect(xml).toContain(`<MsgId>CF-PB-${second.batchId}</MsgId>`);
    expect(await refusal(exportPayouts(admin.id, week, after(week)))).toBe("nothingApproved");
  });

  test("without a payout account (profile or PAYOUT_DEBTOR_*) the export names what is missing and writes nothing", async () => {
    const { week, couriers } = await approvedWeek(1);
    const saved = { ...debtor };
    debtor.name = undefined;
    debtor.iban = undefined;
    try {
      const error = await exportPayouts(admin.id, week, after(week)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PayoutFileError);
      expect((error as PayoutFileError).details.missing).toEqual(["payoutName", "payoutIban"]);
    } finally {
      Object.assign(debtor, saved);
    }
    expect((await statementOf(couriers[0]!.user.id, week))!.status).toBe("approved");
  });
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof AdjustmentError || error instanceof PayoutBatchError) return error.key;
  throw error ?? new Error("not refused");
}
