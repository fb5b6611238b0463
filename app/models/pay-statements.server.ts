/**
 * The statement engine (docs/pay.md, "The rule"): one pay week's inputs per courier, through the pay rule
 * (app/domain/pay-rule.ts), into DRAFT statements. Approved, exported and paid statements are frozen:
 * every write here is conditional on status 'draft'.
 *
 * Inputs of a courier's week W:
 * - work: `earnings` of W's days joined to the `platform_accounts` link that owned the account on that day;
 * - rent: lease days inside W from the handover history — a check-out handover is opened in the very
 *   transaction that hands a scooter out and its check-in in the one that takes it back (approval,
 *   assignment, swap, end of lease), so their `created_at` are the lease's start and end. The vehicle
 *   row only knows the current lease, and a request's approval says nothing of the return;
 * - damage charges and adjustments of W not yet counted by another statement;
 * - the carry-in: the previous week's statement's carry_out (≤ 0).
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { earningImports, earnings, handovers, payAdjustments, payStatements, platformAccounts } from "~db/schema";
import { leaseDaysOfWeek, type LeaseSpan } from "~/domain/pay-review";
import {
  computeStatement,
  EMPTY_WEEK,
  type Adjustment,
  type DamageCharge,
  type PaySettings,
  type WeekInput,
} from "~/domain/pay-rule";
import { addDays, addWeeks, weekEnd, weekOf, weekStart, type WeekId } from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Database, type Tx } from "~/infra/db.server";
import { loadPayRules, type PayRules } from "./settings.server";

type Reader = Database | Tx;

/** Rows per upsert: 20 values a row stays far below SQLite's bound-parameter limit. */
const CHUNK = 500;

/** True once the week has ended (Monday 00:00 Bratislava after it): only closed weeks get statements. */
export function isWeekClosed(week: WeekId, now = clockNow()) {
  return weekEnd(week).getTime() <= now.getTime();
}

/** The last week that has closed at `now`. */
export function lastClosedWeek(now = clockNow()) {
  return addWeeks(weekOf(now), -1);
}

type CourierWeek = WeekInput & { userId: number };

const empty = (userId: number): CourierWeek => ({ ...EMPTY_WEEK, damageCharges: [], adjustments: [], userId });

/** Everything the pay rule needs for week W, per courier with anything in it (or only `userId`). */
export async function gatherWeek(q: Reader, week: WeekId, userId?: number): Promise<Map<number, CourierWeek>> {
  const byUser = new Map<number, CourierWeek>();
  const of = (id: number) => byUser.get(id) ?? byUser.set(id, empty(id)).get(id)!;
  const last = addDays(week, 6);

  const work = await q
    .select({
      userId: platformAccounts.userId,
      minutes: sql<number>`sum(${earnings.minutes})`.mapWith(Number),
      deliveries: sql<number>`sum(${earnings.deliveries})`.mapWith(Number),
      grossCents: sql<number>`sum(${earnings.grossCents})`.mapWith(Number),
      tipsCents: sql<number>`sum(${earnings.tipsCents})`.mapWith(Number),
    })
    .from(earnings)
    .innerJoin(platformAccounts, ownerOnTheDay())
    .where(
      and(
        gte(earnings.day, week),
        lte(earnings.day, last),
        userId === undefined ? undefined : eq(platformAccounts.userId, userId),
      ),
    )
    .groupBy(platformAccounts.userId);
  for (const row of work)
    Object.assign(of(row.userId), {
      minutes: row.minutes,
      deliveries: row.deliveries,
      grossCents: row.grossCents,
      tipsCents: row.tipsCents,
    });

  const leases = new Map<number, LeaseSpan[]>();
  for (const lease of await leasesTouching(q, week, userId))
    leases.set(lease.userId, [...(leases.get(lease.userId) ?? []), lease]);
  for (const [id, spans] of leases) {
    const days = leaseDaysOfWeek(spans, week);
    if (days > 0) of(id).leaseDays = days;
  }

  const adjustments = await q
    .select({
      id: payAdjustments.id,
      userId: payAdjustments.userId,
      kind: payAdjustments.kind,
      amountCents: payAdjustments.amountCents,
      reason: payAdjustments.reason,
      details: payAdjustments.details,
    })
    .from(payAdjustments)
    .leftJoin(payStatements, eq(payStatements.id, payAdjustments.statementId))
    // Not yet counted by a frozen statement: unsettled, or settled by this week's own statement.
    .where(
      and(
        eq(payAdjustments.weekStart, week),
        or(isNull(payAdjustments.statementId), eq(payStatements.weekStart, week)),
        userId === undefined ? undefined : eq(payAdjustments.userId, userId),
      ),
    )
    .orderBy(asc(payAdjustments.id));
  for (const a of adjustments) {
    if (a.kind === "damage")
      of(a.userId).damageCharges.push({
        id: a.id,
        amountCents: -a.amountCents,
        reason: a.reason,
      } satisfies DamageCharge);
    else
      of(a.userId).adjustments.push({
        id: a.id,
        kind: a.kind,
        amountCents: a.amountCents,
        reason: a.reason,
        details: a.details,
      } satisfies Adjustment);
  }

  const carried = await q
    .select({ userId: payStatements.userId, carryOutCents: payStatements.carryOutCents })
    .from(payStatements)
    .where(
      and(
        eq(payStatements.weekStart, addWeeks(week, -1)),
        lt(payStatements.carryOutCents, 0),
        userId === undefined ? undefined : eq(payStatements.userId, userId),
      ),
    );
  for (const row of carried) if (row.userId !== null) of(row.userId).carriedInCents = row.carryOutCents;
  return byUser;
}

/** The link that owned an earnings row's account on its day. */
function ownerOnTheDay() {
  return and(
    eq(platformAccounts.platformId, earnings.platformId),
    eq(platformAccounts.accountId, earnings.accountId),
    lte(platformAccounts.startsOn, earnings.day),
    or(isNull(platformAccounts.endsOn), gte(platformAccounts.endsOn, earnings.day)),
  );
}

const checkIns = alias(handovers, "check_ins");

/** Leases (check-out → its check-in) that overlap the week, from the handover history. */
async function leasesTouching(q: Reader, week: WeekId, userId?: number) {
  const rows = await q
    .select({ userId: handovers.userId, start: handovers.createdAt, end: checkIns.createdAt })
    .from(handovers)
    .leftJoin(checkIns, and(eq(checkIns.checkOutId, handovers.id), eq(checkIns.kind, "check_in")))
    .where(
      and(
        eq(handovers.kind, "check_out"),
        lt(handovers.createdAt, weekEnd(week)),
        or(isNull(checkIns.id), gte(checkIns.createdAt, weekStart(week))),
        userId === undefined ? undefined : eq(handovers.userId, userId),
      ),
    );
  return rows.map((r) => ({ userId: r.userId, start: r.start, end: r.end ?? null }));
}

const hasAnything = (w: CourierWeek) =>
  w.minutes > 0 ||
  w.deliveries > 0 ||
  w.grossCents > 0 ||
  w.tipsCents > 0 ||
  w.leaseDays > 0 ||
  w.damageCharges.length > 0 ||
  w.adjustments.length > 0 ||
  w.carriedInCents < 0;

export type RecomputeResult = { week: WeekId; drafted: number; removed: number; frozen: number };

/**
 * Writes the drafts of one closed week (or only `userId`'s) inside `tx`: upserts a draft for every
 * courier with earnings or deductions, leaves frozen statements alone, and removes a draft whose
 * inputs are all gone (a corrected file moved the hours to someone else).
 */
export async function recomputeWeekIn(
  tx: Tx,
  week: WeekId,
  settings: PaySettings,
  at: Date,
  userId?: number,
): Promise<RecomputeResult> {
  const inputs = await gatherWeek(tx, week, userId);
  const existing = await tx
    .select({ id: payStatements.id, userId: payStatements.userId, status: payStatements.status })
    .from(payStatements)
    .where(and(eq(payStatements.weekStart, week), userId === undefined ? undefined : eq(payStatements.userId, userId)));
  const frozen = new Set(existing.filter((s) => s.status !== "draft").map((s) => s.userId));
  const values = [];
  for (const [, input] of inputs) {
    if (frozen.has(input.userId) || !hasAnything(input)) continue;
    const s = computeStatement({ ...input, week }, settings);
    values.push({
      userId: input.userId,
      weekStart: week,
      status: "draft" as const,
      minutes: input.minutes,
      grossCents: input.grossCents,
      tipsCents: s.tipsCents,
      payCents: s.payCents,
      rentCents: s.rentCents,
      damageCents: s.damageCents,
      adjustmentsCents: s.adjustmentsCents,
      carriedInCents: s.carriedInCents,
      netCents: s.netCents,
      payoutCents: s.payoutCents,
      carryOutCents: s.carryOutCents,
      lines: s.lines,
      computedAt: at,
    });
  }
  for (let i = 0; i < values.length; i += CHUNK) {
    await tx
      .insert(payStatements)
      .values(values.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [payStatements.userId, payStatements.weekStart],
        set: Object.fromEntries(
          [
            "minutes",
            "gross_cents",
            "tips_cents",
            "pay_cents",
            "rent_cents",
            "damage_cents",
            "adjustments_cents",
            "carried_in_cents",
            "net_cents",
            "payout_cents",
            "carry_out_cents",
            "lines",
            "computed_at",
          ].map((c) => [camel(c), sql.raw(`excluded.${c}`)]),
        ),
        // Frozen statements are never touched, even by a recompute racing an approval.
        setWhere: eq(payStatements.status, "draft"),
      });
  }
  const drafted = new Set(values.map((v) => v.userId));
  const gone = existing
    .filter((s) => s.status === "draft" && s.userId !== null && !drafted.has(s.userId))
    .map((s) => s.id);
  if (gone.length)
    await tx.delete(payStatements).where(and(inArray(payStatements.id, gone), eq(payStatements.status, "draft")));
  return { week, drafted: values.length, removed: gone.length, frozen: frozen.size };
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Recomputes the drafts of a closed week, then of each following closed week while the balance runs
 * on: a week that has drafts, or whose previous week carries a negative balance into it. An open week
 * is left alone: its statements come when it closes.
 */
export async function recomputeFrom(week: WeekId, now = clockNow()): Promise<RecomputeResult[]> {
  const rules = await loadPayRules();
  const results: RecomputeResult[] = [];
  for (let w = week; isWeekClosed(w, now); w = addWeeks(w, 1)) {
    if (w !== week && !(await weekContinues(db(), w))) break;
    // Each week with the money rules in force for it (docs/pay.md, "Settings").
    results.push(await transaction((tx) => recomputeWeekIn(tx, w, rules.forWeek(w), now)));
  }
  return results;
}

/** recomputeFrom inside the caller's transaction: what it wrote and these drafts stand or fall together. */
export async function recomputeFromIn(
  tx: Tx,
  week: WeekId,
  rules: PayRules,
  now = clockNow(),
): Promise<RecomputeResult[]> {
  const results: RecomputeResult[] = [];
  for (let w = week; isWeekClosed(w, now); w = addWeeks(w, 1)) {
    if (w !== week && !(await weekContinues(tx, w))) break;
    results.push(await recomputeWeekIn(tx, w, rules.forWeek(w), now));
  }
  return results;
}

/** True when week W has drafts or imported days, or the week before it carries a negative balance. */
async function weekContinues(q: Reader, week: WeekId) {
  const [row] = await q
    .select({ id: payStatements.id })
    .from(payStatements)
    .where(
      or(
        and(eq(payStatements.weekStart, week), eq(payStatements.status, "draft")),
        and(eq(payStatements.weekStart, addWeeks(week, -1)), lt(payStatements.carryOutCents, 0)),
      ),
    )
    .limit(1);
  if (row) return true;
  const [imported] = await q
    .select({ id: earningImports.id })
    .from(earningImports)
    .where(and(eq(earningImports.weekStart, week), isNotNull(earningImports.committedAt)))
    .limit(1);
  return imported !== undefined;
}

/**
 * How far back the job recomputes drafts: recomputing every draft since the start would grow without end.
 * A draft is a week still under review — one with nothing to pay is approved and settled like the others
 * (docs/pay.md), so none stays a draft for good. Imports and adjustments recompute their own week
 * whatever its age.
 */
export const RECOMPUTED_WEEKS_BACK = 4;

/**
 * The weekly job: drafts for the week that closed last, and a recompute of the recent older weeks that
 * still have drafts. Idempotent: running it twice writes the same statements.
 */
export async function draftClosedWeeks(now = clockNow()) {
  const closed = lastClosedWeek(now);
  const from = addWeeks(closed, -RECOMPUTED_WEEKS_BACK);
  const drafted = await db()
    .selectDistinct({ week: payStatements.weekStart })
    .from(payStatements)
    .where(
      and(eq(payStatements.status, "draft"), lt(payStatements.weekStart, closed), gte(payStatements.weekStart, from)),
    );
  // A week whose days were imported without a recompute (the demo seed, an import while this job was down) is drafted too.
  const imported = await db()
    .selectDistinct({ week: earningImports.weekStart })
    .from(earningImports)
    .where(
      and(
        isNotNull(earningImports.committedAt),
        lt(earningImports.weekStart, closed),
        gte(earningImports.weekStart, from),
      ),
    );
  const weeks = [...new Set([...drafted, ...imported].map((row) => row.week as WeekId))].sort();
  const results: RecomputeResult[] = [];
  for (const week of [...weeks, closed]) {
    // Each chain runs on from its week; a week a chain already reached is not computed twice.
    if (!results.some((r) => r.week === week)) results.push(...(await recomputeFrom(week, now)));
  }
  return results;
}

/** A statement's figures, in the order the pay rule computes them (selected by the courier's and the admin's views alike). */
export const statementFigures = {
  minutes: payStatements.minutes,
  grossCents: payStatements.grossCents,
  tipsCents: payStatements.tipsCents,
  payCents: payStatements.payCents,
  rentCents: payStatements.rentCents,
  damageCents: payStatements.damageCents,
  adjustmentsCents: payStatements.adjustmentsCents,
  carriedInCents: payStatements.carriedInCents,
  netCents: payStatements.netCents,
  payoutCents: payStatements.payoutCents,
};
