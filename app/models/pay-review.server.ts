/**
 * The admin's weekly pay review (docs/pay.md): the weeks with statements, one week's rows with
 * their anomalies, and approval — which freezes a draft with a conditional update on status 'draft'
 * whose row count is checked, so of two admins approving one week at once each statement is approved once.
 */
import { queuePayMails } from "./pay-mail.server";
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { bankAccounts, earnings, payAdjustments, payStatements, platformAccounts, platforms, users } from "~db/schema";
import { anomaliesOf, approvalSkip, type ApprovalSkip, type PayAnomaly } from "~/domain/pay-review";
import type { StatementLine } from "~/domain/pay-rule";
import { addDays, nextPayday, paydayOf, type WeekId } from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction } from "~/infra/db.server";
import { recordAudit } from "./audit.server";
import { statementFigures } from "./pay-statements.server";
import { getPaySettings } from "./settings.server";

/** The weeks that have statements, newest first: couriers, totals and how many are in each status. */
export async function listPayWeeks(limit = 60) {
  const rows = await db()
    .select({
      week: payStatements.weekStart,
      status: payStatements.status,
      n: count(),
      netCents: sql<number>`sum(${payStatements.netCents})`.mapWith(Number),
      payoutCents: sql<number>`sum(${payStatements.payoutCents})`.mapWith(Number),
    })
    .from(payStatements)
    .groupBy(payStatements.weekStart, payStatements.status)
    .orderBy(desc(payStatements.weekStart));
  const { paydayWeekday } = await getPaySettings();
  const weeks = new Map<
    string,
    {
      week: string;
      payday: string;
      couriers: number;
      netCents: number;
      payoutCents: number;
      statuses: Record<string, number>;
    }
  >();
  for (const r of rows) {
    const w =
      weeks.get(r.week) ??
      weeks
        .set(r.week, {
          week: r.week,
          payday: paydayOf(r.week, paydayWeekday),
          couriers: 0,
          netCents: 0,
          payoutCents: 0,
          statuses: {},
        })
        .get(r.week)!;
    w.couriers += r.n;
    w.netCents += r.netCents;
    w.payoutCents += r.payoutCents;
    w.statuses[r.status] = r.n;
  }
  return Array.from(weeks, ([, w]) => w).slice(0, limit);
}

export type ReviewRow = Awaited<ReturnType<typeof weekReview>>["rows"][number];

/** One week's statements, a row per courier, with anomalies; and the week's hours on accounts linked to nobody. */
export async function weekReview(week: WeekId, now = clockNow()) {
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
  const rows = statements.map((s) => {
    const hasIban = s.iban !== null;
    const anomalies: PayAnomaly[] = anomaliesOf(
      { hasIban, ibanChangedAt: s.ibanChangedAt, netCents: s.netCents, minutes: s.minutes, rentCents: s.rentCents },
      now,
    );
    return {
      ...s,
      deductionsCents: s.rentCents + s.damageCents - Math.min(s.adjustmentsCents, 0) - s.carriedInCents,
      anomalies,
      skip: approvalSkip({ status: s.status, payoutCents: s.payoutCents, hasIban }),
    };
  });
  const anomalyCounts: Record<string, number> = {};
  for (const row of rows) for (const a of row.anomalies) anomalyCounts[a] = (anomalyCounts[a] ?? 0) + 1;
  const unlinked = await unlinkedEarnings(week);
  if (unlinked.length) anomalyCounts.unlinked = unlinked.length;
  return { rows, unlinked, anomalyCounts };
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
  approved: { id: number; userId: number; payoutCents: number }[];
  skipped: { id: number; userId: number | null; name: string; reason: ApprovalSkip }[];
};

/**
 * Approves the week's drafts (all, or the ids given): each becomes 'approved' with who and when, the
 * IBAN and holder as bank_accounts has them now, and its adjustments settled to it. A statement without
 * an IBAN or with nothing to pay is skipped with its reason; one another admin approved a moment ago is
 * skipped as 'notDraft' (the conditional update found no draft), so each is approved — and audited — once.
 */
export async function approveStatements(
  adminId: number,
  week: WeekId,
  ids: number[] | "all",
  now = clockNow(),
): Promise<ApprovalResult> {
  const { paydayWeekday } = await getPaySettings();
  return await transaction(async (tx) => {
    const candidates = await tx
      .select({
        id: payStatements.id,
        userId: payStatements.userId,
        status: payStatements.status,
        payoutCents: payStatements.payoutCents,
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
    const result: ApprovalResult = { approved: [], skipped: [] };
    for (const c of candidates) {
      const name = c.fullName ?? c.email ?? `#${c.id}`;
      const skip = approvalSkip({ status: c.status, payoutCents: c.payoutCents, hasIban: c.iban !== null });
      if (skip) {
        result.skipped.push({ id: c.id, userId: c.userId, name, reason: skip });
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
        });
      if (!frozen || frozen.userId === null) {
        result.skipped.push({ id: c.id, userId: c.userId, name, reason: "notDraft" });
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
      result.approved.push({ id: frozen.id, userId: frozen.userId, payoutCents: frozen.payoutCents });
    }
    await queuePayMails(
      tx,
      "statementApproved",
      result.approved.map((a) => ({ ...a, weekStart: week })),
      paydayWeekday,
    );
    return result;
  });
}

/** The admin dashboard's tile: the next payday and what it pays — the approved and exported statements of the week it pays for. */
export async function payDueTile(now = clockNow()) {
  const { paydayWeekday } = await getPaySettings();
  const { payday, week } = nextPayday(now, paydayWeekday);
  const [row] = await db()
    .select({ n: count(), totalCents: sql<number>`coalesce(sum(${payStatements.payoutCents}), 0)`.mapWith(Number) })
    .from(payStatements)
    .where(and(eq(payStatements.weekStart, week), inArray(payStatements.status, ["approved", "exported"])));
  return { payday, week, couriers: row?.n ?? 0, totalCents: row?.totalCents ?? 0 };
}
