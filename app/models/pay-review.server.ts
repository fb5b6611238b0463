/**
 * The admin's weekly pay review (docs/pay.md): the weeks with statements, one week's rows with
 * their anomalies, and approval — which freezes a draft with a conditional update on status 'draft'
 * whose row count is checked, so of two admins approving one week at once each statement is approved once.
 */
import { queuePayMails } from "./pay-mail.server";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import {
  bankAccounts,
  earnings,
  payAdjustments,
  payoutBatches,
  payStatements,
  platformAccounts,
  platforms,
  users,
} from "~db/schema";
import {
  anomaliesOf,
  approvalSkip,
  expectedPayday,
  isLargePayout,
  onlyCarried,
  USUAL_PAYOUT_WEEKS,
  type ApprovalSkip,
  type PayAnomaly,
} from "~/domain/pay-review";
import type { StatementLine } from "~/domain/pay-rule";
import { addDays, addWeeks, localDateOf, nextPayday, paydayOf, weekOf, type WeekId } from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Database, type Tx } from "~/infra/db.server";
import { recordAudit } from "./audit.server";
import { statementFigures } from "./pay-statements.server";
import { getPaySettingsForWeek, loadPayRules } from "./settings.server";

/** A review step refused: the confirmed count or sum no longer holds, or the statement is not approved (any more). */
export class ReviewError extends Error {
  constructor(readonly key: "stale" | "notApproved" | "notFound") {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : 409;
  }
}

/**
 * Which of the users' statements of `week` are far above their usual (`isLargePayout`): their payouts of
 * the USUAL_PAYOUT_WEEKS weeks before, newest first, read through `q` (a transaction's own `tx` inside one).
 */
async function largePayouts(
  q: Database | Tx,
  week: WeekId,
  rows: { userId: number | null; payoutCents: number }[],
  settings: { largePayoutCents?: number; largePayoutFactor?: number },
): Promise<Set<number>> {
  const userIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const history = new Map<number, number[]>();
  if (userIds.length)
    for (const h of await q
      .select({ userId: payStatements.userId, payoutCents: payStatements.payoutCents })
      .from(payStatements)
      .where(
        and(
          inArray(payStatements.userId, userIds),
          lt(payStatements.weekStart, week),
          gte(payStatements.weekStart, addWeeks(week, -USUAL_PAYOUT_WEEKS)),
        ),
      )
      .orderBy(desc(payStatements.weekStart)))
      if (h.userId !== null) history.set(h.userId, [...(history.get(h.userId) ?? []), h.payoutCents]);
  const large = new Set<number>();
  for (const r of rows)
    if (isLargePayout(r.payoutCents, r.userId === null ? [] : (history.get(r.userId) ?? []), settings))
      large.add(r.userId ?? -1);
  return large;
}

/**
 * The weeks that have statements, newest first: couriers, totals and how many are in each status, and
 * the one payday to show — the latest stored execution date of its batches once nothing of it waits
 * for export, else the expected one (the rule's payday, or today once that has passed).
 */
export async function listPayWeeks(limit = 60, now = clockNow()) {
  const rows = await db()
    .select({
      week: payStatements.weekStart,
      status: payStatements.status,
      n: count(),
      netCents: sql<number>`sum(${payStatements.netCents})`.mapWith(Number),
      payoutCents: sql<number>`sum(${payStatements.payoutCents})`.mapWith(Number),
      batchPayday: sql<string | null>`max(${payoutBatches.payday})`,
    })
    .from(payStatements)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payStatements.batchId))
    .groupBy(payStatements.weekStart, payStatements.status)
    .orderBy(desc(payStatements.weekStart));
  const rules = await loadPayRules();
  const today = localDateOf(now);
  const weeks = new Map<
    string,
    {
      week: string;
      payday: string;
      couriers: number;
      netCents: number;
      payoutCents: number;
      statuses: Record<string, number>;
      waiting: boolean;
      batchPayday: string | null;
    }
  >();
  for (const r of rows) {
    const w =
      weeks.get(r.week) ??
      weeks
        .set(r.week, {
          week: r.week,
          payday: paydayOf(r.week, rules.forWeek(r.week).paydayWeekday),
          couriers: 0,
          netCents: 0,
          payoutCents: 0,
          statuses: {},
          waiting: false,
          batchPayday: null,
        })
        .get(r.week)!;
    w.couriers += r.n;
    w.netCents += r.netCents;
    w.payoutCents += r.payoutCents;
    w.statuses[r.status] = r.n;
    if (r.status === "draft" || r.status === "approved") w.waiting = true;
    if (r.batchPayday && (!w.batchPayday || r.batchPayday > w.batchPayday)) w.batchPayday = r.batchPayday;
  }
  return Array.from(weeks, ([, { waiting, batchPayday, ...w }]) => ({
    ...w,
    payday: !waiting && batchPayday ? batchPayday : expectedPayday(w.week, rules.forWeek(w.week).paydayWeekday, today),
  })).slice(0, limit);
}

export type ReviewRow = Awaited<ReturnType<typeof weekReview>>["rows"][number];

/** One week's statements, a row per courier, with anomalies; and the week's hours on accounts linked to nobody. */
export async function weekReview(week: WeekId, now = clockNow()) {
  const settings = await getPaySettingsForWeek(week);
  const statements = await db()
    .select({
      id: payStatements.id,
      userId: payStatements.userId,
      email: users.email,
      fullName: users.fullName,
      status: payStatements.status,
      ...statementFigures,
      batchId: payStatements.batchId,
      iban: bankAccounts.iban,
      ibanChangedAt: bankAccounts.changedAt,
    })
    .from(payStatements)
    .leftJoin(users, eq(users.id, payStatements.userId))
    .leftJoin(bankAccounts, eq(bankAccounts.userId, payStatements.userId))
    .where(eq(payStatements.weekStart, week))
    .orderBy(asc(users.fullName), asc(users.email), asc(payStatements.id));
  const large = await largePayouts(db(), week, statements, settings);
  const rows = statements.map((s) => {
    const hasIban = s.iban !== null;
    const isLarge = s.userId !== null && large.has(s.userId);
    const anomalies: PayAnomaly[] = anomaliesOf(
      {
        hasIban,
        ibanChangedAt: s.ibanChangedAt,
        netCents: s.netCents,
        minutes: s.minutes,
        rentCents: s.rentCents,
        largePayout: isLarge,
      },
      now,
    );
    return {
      ...s,
      deductionsCents: s.rentCents + s.damageCents - Math.min(s.adjustmentsCents, 0) - s.carriedInCents,
      anomalies,
      skip: approvalSkip({
        status: s.status,
        payoutCents: s.payoutCents,
        hasIban,
        large: isLarge,
        onlyCarried: onlyCarried(s),
      }),
    };
  });
  const anomalyCounts: Record<string, number> = {};
  for (const row of rows) for (const a of row.anomalies) anomalyCounts[a] = (anomalyCounts[a] ?? 0) + 1;
  const unlinked = await unlinkedEarnings(week);
  if (unlinked.length) anomalyCounts.unlinked = unlinked.length;
  const payday = paydayOf(week, settings.paydayWeekday);
  const today = localDateOf(now);
  return {
    rows,
    unlinked,
    anomalyCounts,
    payday,
    // Not yet in a file: the courier is told this date (the rule's payday, or today once that has passed).
    expectedPayday: expectedPayday(week, settings.paydayWeekday, today),
    paydayPassed: payday < today && rows.some((r) => r.status === "draft" || r.status === "approved"),
  };
}

/** Earnings of the week whose account was linked to no courier on that day: nobody is paid for them until linked. */
export async function unlinkedEarnings(week: WeekId) {
  return await db()
    .select({
      platformId: earnings.platformId,
      platformName: platforms.name,
      accountId: earnings.accountId,
      days: count(),
      minutes: sql<number>`sum(${earnings.minutes})`.mapWith(Number),
      grossCents: sql<number>`sum(${earnings.grossCents})`.mapWith(Number),
    })
    .from(earnings)
    .innerJoin(platforms, eq(platforms.id, earnings.platformId))
    .leftJoin(
      platformAccounts,
      and(
        eq(platformAccounts.platformId, earnings.platformId),
        eq(platformAccounts.accountId, earnings.accountId),
        lte(platformAccounts.startsOn, earnings.day),
        or(isNull(platformAccounts.endsOn), gte(platformAccounts.endsOn, earnings.day)),
      ),
    )
    .where(and(gte(earnings.day, week), lte(earnings.day, addDays(week, 6)), isNull(platformAccounts.id)))
    .groupBy(earnings.platformId, platforms.name, earnings.accountId)
    .orderBy(asc(platforms.name), asc(earnings.accountId));
}

/** One courier's statement of a week with its lines and the adjustments entered for it. */
export async function statementOf(week: WeekId, userId: number) {
  const [statement] = await db()
    .select({
      id: payStatements.id,
      status: payStatements.status,
      lines: payStatements.lines,
      netCents: payStatements.netCents,
      payoutCents: payStatements.payoutCents,
      carryOutCents: payStatements.carryOutCents,
      iban: payStatements.iban,
      holder: payStatements.holder,
      approvedAt: payStatements.approvedAt,
      approvedBy: users.email,
    })
    .from(payStatements)
    .leftJoin(users, eq(users.id, payStatements.approvedById))
    .where(and(eq(payStatements.weekStart, week), eq(payStatements.userId, userId)))
    .limit(1);
  const [courier] = await db()
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!courier) return null;
  const adjustments = await db()
    .select({
      id: payAdjustments.id,
      kind: payAdjustments.kind,
      amountCents: payAdjustments.amountCents,
      reason: payAdjustments.reason,
      statementId: payAdjustments.statementId,
      createdAt: payAdjustments.createdAt,
    })
    .from(payAdjustments)
    .where(and(eq(payAdjustments.userId, userId), eq(payAdjustments.weekStart, week)))
    .orderBy(asc(payAdjustments.id));
  return {
    courier,
    statement: statement ? { ...statement, lines: statement.lines as StatementLine[] } : null,
    adjustments,
  };
}

export type ApprovalResult = {
  approved: { id: number; userId: number; payoutCents: number; carryOutCents: number }[];
  skipped: { id: number; userId: number | null; name: string; reason: ApprovalSkip }[];
};

/** The count and sum "approve all" would approve now, as its confirmation shows them and its post repeats them. */
export type ApprovalTotals = { count: number; totalCents: number };

/** The week's statements (all drafts, or the ids given) with why each would be skipped, read through `q`. */
async function approvalCandidates(
  q: Database | Tx,
  week: WeekId,
  ids: number[] | "all",
  confirmLarge: number[],
  settings: { largePayoutCents?: number; largePayoutFactor?: number },
) {
  const candidates = await q
    .select({
      id: payStatements.id,
      userId: payStatements.userId,
      status: payStatements.status,
      ...statementFigures,
      email: users.email,
      fullName: users.fullName,
      iban: bankAccounts.iban,
      holder: bankAccounts.holder,
    })
    .from(payStatements)
    .leftJoin(users, eq(users.id, payStatements.userId))
    .leftJoin(bankAccounts, eq(bankAccounts.userId, payStatements.userId))
    .where(
      and(
        eq(payStatements.weekStart, week),
        ids === "all" ? eq(payStatements.status, "draft") : inArray(payStatements.id, ids.length ? ids : [-1]),
      ),
    )
    .orderBy(asc(payStatements.id));
  const large = await largePayouts(q, week, candidates, settings);
  return candidates.map((c) => ({
    ...c,
    name: c.fullName ?? c.email ?? `#${c.id}`,
    skip: approvalSkip({
      status: c.status,
      payoutCents: c.payoutCents,
      hasIban: c.iban !== null,
      large: c.userId !== null && large.has(c.userId),
      largeConfirmed: confirmLarge.includes(c.id),
      onlyCarried: onlyCarried(c),
    }),
  }));
}

const totalsOf = (rows: { payoutCents: number }[]): ApprovalTotals => ({
  count: rows.length,
  totalCents: rows.reduce((sum, r) => sum + r.payoutCents, 0),
});

/** What "approve all" of the week would approve now: its confirmation step shows this count and sum. */
export async function approvalPreview(week: WeekId, _now = clockNow()): Promise<ApprovalTotals> {
  const settings = await getPaySettingsForWeek(week);
  return totalsOf((await approvalCandidates(db(), week, "all", [], settings)).filter((c) => c.skip === null));
}

/**
 * Approves the week's drafts (all, or the ids given): each becomes 'approved' with who and when, the
 * IBAN and holder as bank_accounts has them now, and its adjustments settled to it. A statement with a
 * payout but no IBAN, or far above the courier's usual without its own confirmation (`confirmLarge`), is
 * skipped with its reason (one with nothing to pay is approved, to be settled with 0 € sent); one another admin approved a moment ago is skipped as
 * 'notDraft' (the conditional update found no draft), so each is approved — and audited — once.
 * With `expected` (the confirmed "approve all"), the count and sum must still be what the admin saw,
 * else nothing is approved (ReviewError "stale") — which is also what a second, simultaneous post gets.
 */
export async function approveStatements(
  adminId: number,
  week: WeekId,
  ids: number[] | "all",
  now = clockNow(),
  options: { confirmLarge?: number[]; expected?: ApprovalTotals } = {},
): Promise<ApprovalResult> {
  const settings = await getPaySettingsForWeek(week);
  return await transaction(async (tx) => {
    const candidates = await approvalCandidates(tx, week, ids, options.confirmLarge ?? [], settings);
    const expected = options.expected;
    const sameAs = (totals: ApprovalTotals) =>
      !expected || (totals.count === expected.count && totals.totalCents === expected.totalCents);
    if (!sameAs(totalsOf(candidates.filter((c) => c.skip === null)))) throw new ReviewError("stale");
    const result: ApprovalResult = { approved: [], skipped: [] };
    for (const c of candidates) {
      if (c.skip) {
        result.skipped.push({ id: c.id, userId: c.userId, name: c.name, reason: c.skip });
        continue;
      }
      const [frozen] = await tx
        .update(payStatements)
        .set({ status: "approved", approvedById: adminId, approvedAt: now, iban: c.iban, holder: c.holder })
        .where(and(eq(payStatements.id, c.id), eq(payStatements.status, "draft")))
        .returning({
          id: payStatements.id,
          userId: payStatements.userId,
          lines: payStatements.lines,
          payoutCents: payStatements.payoutCents,
          netCents: payStatements.netCents,
          carryOutCents: payStatements.carryOutCents,
        });
      if (!frozen || frozen.userId === null) {
        result.skipped.push({ id: c.id, userId: c.userId, name: c.name, reason: "notDraft" });
        continue;
      }
      const settled = (frozen.lines as StatementLine[]).flatMap((line) =>
        line.sourceId === undefined ? [] : [Number(line.sourceId)],
      );
      if (settled.length)
        await tx
          .update(payAdjustments)
          .set({ statementId: frozen.id })
          .where(and(inArray(payAdjustments.id, settled), isNull(payAdjustments.statementId)));
      await recordAudit(tx, {
        actorId: adminId,
        action: "pay_statement.approve",
        entityType: "pay_statement",
        entityId: frozen.id,
        subjectUserId: frozen.userId,
        before: { status: "draft" },
        after: { status: "approved", week, netCents: frozen.netCents, payoutCents: frozen.payoutCents },
      });
      result.approved.push({
        id: frozen.id,
        userId: frozen.userId,
        payoutCents: frozen.payoutCents,
        carryOutCents: frozen.carryOutCents,
      });
    }
    // Another admin's approval got in between the read and the updates: all or nothing.
    if (!sameAs(totalsOf(result.approved))) throw new ReviewError("stale");
    const payday = expectedPayday(week, settings.paydayWeekday, localDateOf(now));
    const mails = result.approved.map((a) => ({ ...a, weekStart: week, payday }));
    await queuePayMails(
      tx,
      "statementApproved",
      mails.filter((m) => m.payoutCents > 0),
      settings.paydayWeekday,
    );
    // A week with nothing to transfer: not "0,00 € will be paid", but that nothing is sent and what is carried over.
    await queuePayMails(
      tx,
      "statementNothingToTransfer",
      mails.filter((m) => m.payoutCents === 0),
      settings.paydayWeekday,
    );
    return result;
  });
}

/**
 * Sends an approved statement (not yet in a payout file) back to draft — a name the bank cannot take,
 * an amount to check: its approval, bank snapshot and settled adjustments are undone by an update
 * conditional on 'approved', audited; of simultaneous posts one wins and the others are refused.
 */
export async function returnToDraft(adminId: number, statementId: number, now = clockNow()) {
  return await transaction(async (tx) => {
    const [row] = await tx
      .update(payStatements)
      .set({ status: "draft", approvedById: null, approvedAt: null, iban: null, holder: null, computedAt: now })
      .where(and(eq(payStatements.id, statementId), eq(payStatements.status, "approved")))
      .returning({
        id: payStatements.id,
        userId: payStatements.userId,
        weekStart: payStatements.weekStart,
        payoutCents: payStatements.payoutCents,
      });
    if (!row) {
      const [found] = await tx
        .select({ id: payStatements.id })
        .from(payStatements)
        .where(eq(payStatements.id, statementId))
        .limit(1);
      throw new ReviewError(found ? "notApproved" : "notFound");
    }
    await tx.update(payAdjustments).set({ statementId: null }).where(eq(payAdjustments.statementId, row.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "pay_statement.return_to_draft",
      entityType: "pay_statement",
      entityId: row.id,
      subjectUserId: row.userId,
      before: { status: "approved" },
      after: { status: "draft", week: row.weekStart, payoutCents: row.payoutCents },
    });
    return row;
  });
}

/**
 * The admin dashboard's tile: the next payday (today when today is one) and what is due by then — every
 * approved or exported statement of the week it pays and of earlier weeks, so an unpaid week whose
 * payday has passed is counted (as overdue) instead of dropping out.
 */
export async function payDueTile(now = clockNow()) {
  // The payday of the week that closed last, by the rules in force for it.
  const rules = await loadPayRules();
  const { payday, week } = nextPayday(now, rules.forWeek(addWeeks(weekOf(now), -1)).paydayWeekday);
  const today = localDateOf(now);
  // One row per unpaid statement (a few hundred at most): a courier owed two weeks is one courier.
  const rows = await db()
    .select({
      id: payStatements.id,
      userId: payStatements.userId,
      week: payStatements.weekStart,
      cents: payStatements.payoutCents,
    })
    .from(payStatements)
    .where(and(lte(payStatements.weekStart, week), inArray(payStatements.status, ["approved", "exported"])));
  const owed = new Set<string>();
  const late = new Set<string>();
  let totalCents = 0;
  for (const r of rows) {
    // A statement kept after its courier's account was erased has no user: it is someone owed all the same.
    const payee = r.userId === null ? `statement ${r.id}` : `user ${r.userId}`;
    owed.add(payee);
    totalCents += r.cents;
    if (paydayOf(r.week, rules.forWeek(r.week).paydayWeekday) < today) late.add(payee);
  }
  const couriers = owed.size;
  const overdue = late.size;
  return { payday, week, couriers, totalCents, overdue };
}
