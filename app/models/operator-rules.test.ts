/**
 * Money rules from a Monday (docs/fleet-rules.md, "Rules"): a rent change from a later week leaves every
 * earlier statement, its PDF and its SEPA amount as they were and changes that week's drafts; each week is
 * computed with the rules in force for it, even when it is recomputed after the change.
 * The weeks are in 2045, far from the other test files' weeks (they share the database); the rows this
 * file writes into `rule_changes` are removed at the end, so no other file sees its rules.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, gte, inArray } from "drizzle-orm";
import { bankAccounts, earningImports, earnings, handovers, payStatements, ruleChanges } from "~db/schema";
import { addWeeks, startOfLocalDate } from "~/domain/pay-week";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { readStoredFile } from "~/infra/uploads.server";
import { ownStatementPdf } from "~/services/courier-statement.server";
import { batchAccountantCsv, exportPayouts } from "~/services/payout.server";
import { vehicle } from "../../tests/admin-fixtures";
import { createUser } from "../../tests/factories";
import { previewPayChange, RulesError, rulesPage, savePayRules } from "./operator-rules.server";
import { approveStatements, returnToDraft } from "./pay-review.server";
import { recomputeFrom } from "./pay-statements.server";
import { getBatch } from "./payout-batches.server";
import { createPlatform, linkPlatformAccount } from "./platforms.server";
import { getPaySettingsForWeek } from "./settings.server";

process.env.PAYOUT_DEBTOR_NAME ??= "Courier Fleet s.r.o.";
const debtor = config().payoutDebtor as { name?: string; iban?: string };
debtor.name = "Courier Fleet s.r.o.";
debtor.iban = "SK8975000000000012345671";

const FIRST = "2045-01-02"; // a Monday
const day = (week: string, n: number) =>
  new Date(Date.parse(`${week}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const writer = () => writerForTests();

const admin = await createUser({ role: "admin" });
const platformId = await createPlatform(admin.id, `Rules pay ${Date.now()}`);

afterAll(async () => {
  await writer().delete(ruleChanges).where(gte(ruleChanges.effectiveFrom, FIRST));
});

async function courier(n: number) {
  const user = await createUser({ fullName: `Rules Courier ${n}` });
  const accountId = `RULES-${n}-${Date.now().toString(36)}`;
  await linkPlatformAccount(admin.id, { platformId, accountId, userId: user.id, startsOn: "2044-12-01" });
  await writer()
    .insert(bankAccounts)
    .values({
      userId: user.id,
      iban: "SK3112000000198742637541",
      holder: `Rules Courier ${n}`,
      changedAt: new Date("2044-01-01"),
    });
  // On a lease from before the first week, never returned: rent every day.
  const v = await vehicle();
  await writer()
    .insert(handovers)
    .values({ kind: "check_out", vehicleId: v.id, userId: user.id, createdAt: startOfLocalDate("2044-12-20") });
  return { user, accountId };
}

async function work(week: string, accountId: string, minutes: number) {
  const [imp] = await writer()
    .insert(earningImports)
    .values({
      platformId,
      weekStart: week,
      fileName: "w.csv",
      storageKey: `k-${Math.random()}`,
      sha256: "x",
      committedAt: new Date(),
    })
    .returning();
  await writer()
    .insert(earnings)
    .values({
      platformId,
      accountId,
      day: day(week, 1),
      minutes,
      deliveries: 5,
      grossCents: 6000,
      tipsCents: 200,
      importId: imp!.id,
    });
}

const mine = async (userIds: number[], week: string) =>
  writer()
    .select()
    .from(payStatements)
    .where(and(inArray(payStatements.userId, userIds), eq(payStatements.weekStart, week)))
    .orderBy(payStatements.userId);

const dir = mkdtempSync(path.join(tmpdir(), "operator-rules-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** What the PDF says, as pdftotext reads it (the bytes differ from one rendering to the next: font subsets). */
function pdfText(bytes: Uint8Array) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const run = Bun.spawnSync(["pdftotext", "-enc", "UTF-8", "-layout", file, "-"]);
  expect(run.exitCode).toBe(0);
  return run.stdout.toString();
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (error instanceof RulesError) return error.key;
  throw error ?? new Error("not refused");
}

describe("money rules from a Monday", () => {
  test("rent 5,00 → 6,00 €/day from a later week: the approved week, its PDF and SEPA amounts stay; that week's drafts change", async () => {
    const approvedWeek = FIRST;
    const draftWeek = addWeeks(FIRST, 1);
    const laterWeek = addWeeks(FIRST, 3);
    // Wednesday of the week after draftWeek: both weeks have closed.
    const now = new Date(`${day(draftWeek, 9)}T10:00:00Z`);
    const a = await courier(1);
    const b = await courier(2);
    const ids = [a.user.id, b.user.id];
    for (const week of [approvedWeek, draftWeek]) {
      await work(week, a.accountId, 600);
      await work(week, b.accountId, 300);
    }
    await recomputeFrom(approvedWeek, now);
    const firstDrafts = await mine(ids, approvedWeek);
    expect(firstDrafts.map((s) => s.rentCents)).toEqual([3500, 3500]);
    await approveStatements(
      admin.id,
      approvedWeek,
      firstDrafts.map((s) => s.id),
      now,
    );
    const exported = await exportPayouts(admin.id, approvedWeek, now);
    const batch = (await getBatch(exported.batchId))!;
    const xmlBefore = new TextDecoder().decode(await (await readStoredFile(batch.fileKey))!.arrayBuffer());
    const csvBefore = await batchAccountantCsv(exported.batchId, "sk", now);
    const frozenBefore = await mine(ids, approvedWeek);
    const pdfBefore = await ownStatementPdf(a.user, frozenBefore[0]!.id, "sk");
    const draftsBefore = await mine(ids, draftWeek);
    expect(draftsBefore.map((s) => s.rentCents)).toEqual([3500, 3500]);

    // The page refuses the approved week, and shows what the change does to the open drafts.
    const page = await rulesPage(now);
    expect(page.earliestWeek).toBe(draftWeek);
    const values = { ...page.inForce, rentPerDayCents: 600 };
    expect(await refusal(savePayRules(admin.id, values, approvedWeek, page.revision, now))).toBe("weekFrozen");
    const preview = await previewPayChange(values, draftWeek, now);
    expect(preview.changed).toEqual(["rentPerDayCents"]);
    expect(preview.weeks.map((w) => w.week)).toEqual([draftWeek]);
    expect(preview.couriers).toBeGreaterThanOrEqual(2);
    // Every courier on a lease the whole week: 7 days × 1,00 € more rent.
    expect(preview.weeks[0]).toMatchObject({ minCents: -700, maxCents: -700 });

    await savePayRules(admin.id, values, draftWeek, page.revision, now);
    // A second save of the same page is stale: nothing is written.
    expect(
      await refusal(savePayRules(admin.id, { ...values, rentPerDayCents: 900 }, laterWeek, page.revision, now)),
    ).toBe("stale");

    const draftsAfter = await mine(ids, draftWeek);
    expect(draftsAfter.map((s) => s.rentCents)).toEqual([4200, 4200]);
    expect(draftsAfter.map((s) => s.netCents)).toEqual(draftsBefore.map((s) => s.netCents - 700));
    expect(await mine(ids, approvedWeek)).toEqual(frozenBefore);
    const xmlAfter = new TextDecoder().decode(await (await readStoredFile(batch.fileKey))!.arrayBuffer());
    expect(xmlAfter).toBe(xmlBefore);
    expect(await batchAccountantCsv(exported.batchId, "sk", now)).toBe(csvBefore);
    const pdfAfter = await ownStatementPdf(a.user, frozenBefore[0]!.id, "sk");
    const printed = pdfText(pdfBefore!.bytes);
    expect(printed).toContain("35,00");
    expect(pdfText(pdfAfter!.bytes)).toBe(printed);

    // Recomputed later, each week keeps its own rules: the earlier week still pays 5,00 €/day.
    expect((await getPaySettingsForWeek(approvedWeek)).rentPerDayCents).toBe(500);
    expect((await getPaySettingsForWeek(laterWeek)).rentPerDayCents).toBe(600);
    await recomputeFrom(approvedWeek, now);
    expect(await mine(ids, approvedWeek)).toEqual(frozenBefore);
    expect((await mine(ids, draftWeek)).map((s) => s.rentCents)).toEqual([4200, 4200]);
  });

  test("an approved week sent back to draft is recomputed with the rules in force for it, not today's", async () => {
    const week = addWeeks(FIRST, 10);
    const now = new Date(`${day(week, 9)}T10:00:00Z`);
    const c = await courier(3);
    await work(week, c.accountId, 600);
    await recomputeFrom(week, now);
    const [draft] = await mine([c.user.id], week);
    await approveStatements(admin.id, week, [draft!.id], now);
    // A change from the next week on: the approved week is not touched by it.
    const page = await rulesPage(now);
    await savePayRules(admin.id, { ...page.inForce, rentPerDayCents: 800 }, addWeeks(week, 1), page.revision, now);
    await returnToDraft(admin.id, draft!.id, now);
    await recomputeFrom(week, now);
    const [again] = await mine([c.user.id], week);
    expect(again).toMatchObject({ status: "draft", rentCents: 7 * 600, netCents: draft!.netCents });
  });

  test("a change scheduled later keeps what an earlier one set; no change at all is refused", async () => {
    const now = new Date(`${day(addWeeks(FIRST, 20), 2)}T10:00:00Z`);
    const page = await rulesPage(now);
    const far = addWeeks(FIRST, 30);
    await savePayRules(admin.id, { ...page.inForce, hourlyRateCents: 900 }, far, page.revision, now);
    const next = await rulesPage(now);
    expect(await refusal(savePayRules(admin.id, next.inForce, addWeeks(FIRST, 20), next.revision, now))).toBe(
      "nothingChanged",
    );
    await savePayRules(admin.id, { ...next.inForce, rentPerDayCents: 1000 }, addWeeks(FIRST, 25), next.revision, now);
    const rules = await getPaySettingsForWeek(addWeeks(far, 1));
    expect(rules).toMatchObject({ hourlyRateCents: 900, rentPerDayCents: 1000 });
    expect((await getPaySettingsForWeek(addWeeks(FIRST, 26))).hourlyRateCents).toBe(750);
    const shown = await rulesPage(now);
    expect(shown.scheduled.map((s) => s.week)).toEqual([addWeeks(FIRST, 25), far]);
    expect(shown.history[0]).toMatchObject({
      kind: "pay",
      values: { rentPerDayCents: 1000 },
      previous: { rentPerDayCents: 800 },
    });
  });
});
