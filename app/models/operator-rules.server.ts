/**
 * The operator's rules page (docs/fleet-rules.md, "Rules"): the money rules, effective-dated from a
 * Monday, and the rules that apply at once. Every save is a `rule_changes` row with the page's next
 * revision: the insert is the conditional write, so of two admins saving the same revision one wins and
 * the other is told (RulesError "stale"), on both engines.
 */
import { and, desc, eq, inArray, max, sql } from "drizzle-orm";
import { payStatements, ruleChanges, settings, users } from "~db/schema";
import {
  changedPayRules,
  earliestEffectiveWeek,
  OPERATOR_RULE_KEYS,
  PAY_RULE_KEYS,
  type OperatorRuleValues,
  type PayRuleValues,
} from "~/domain/operator-rules";
import { computeStatement } from "~/domain/pay-rule";
import { addWeeks, weekOf, type WeekId } from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Database, type Tx } from "~/infra/db.server";
import { recordAudit } from "./audit.server";
import {
  gatherWeek,
  isWeekClosed,
  lastClosedWeek,
  RECOMPUTED_WEEKS_BACK,
  recomputeWeekIn,
} from "./pay-statements.server";
import { getSettings, loadPayRules, type PayRules } from "./settings.server";

type Reader = Database | Tx;

export class RulesError extends Error {
  constructor(
    readonly key: "stale" | "nothingChanged" | "weekFrozen" | "weekTooEarly" | "weekTooLate",
    /** For "weekTooEarly": the earliest week a change may start from. */
    readonly earliestWeek?: WeekId,
  ) {
    super(key);
  }
  get status() {
    return this.key === "stale" ? 409 : 400;
  }
}

/** How far ahead a change may be scheduled: two years of Mondays. */
const LATEST_WEEKS_AHEAD = 104;

async function currentRevision(q: Reader) {
  const [row] = await q.select({ revision: max(ruleChanges.revision) }).from(ruleChanges);
  return row?.revision ?? 0;
}

/** The latest week with an approved, exported or paid statement: money rules never reach back to it. */
async function lastFrozenWeek(q: Reader): Promise<WeekId | null> {
  const [row] = await q
    .select({ week: max(payStatements.weekStart) })
    .from(payStatements)
    .where(inArray(payStatements.status, ["approved", "exported", "paid"]));
  return (row?.week as WeekId | null | undefined) ?? null;
}

/** The first Monday a money rule may start on now (docs/fleet-rules.md, "Rules"). */
async function earliestWeek(q: Reader, now: Date) {
  return earliestEffectiveWeek(addWeeks(lastClosedWeek(now), -RECOMPUTED_WEEKS_BACK), await lastFrozenWeek(q));
}

function payValuesOf(rules: PayRules, week: WeekId): PayRuleValues {
  const inForce = rules.forWeek(week);
  return Object.fromEntries(PAY_RULE_KEYS.map((key) => [key, inForce[key]])) as PayRuleValues;
}

/** Everything the rules page shows: the page's revision, what is in force, what is scheduled, the history. */
export async function rulesPage(now = clockNow()) {
  const q = db();
  const rules = await loadPayRules();
  const thisWeek = weekOf(now);
  const history = await q
    .select({
      revision: ruleChanges.revision,
      kind: ruleChanges.kind,
      effectiveFrom: ruleChanges.effectiveFrom,
      values: ruleChanges.values,
      previous: ruleChanges.previous,
      createdAt: ruleChanges.createdAt,
      actorId: ruleChanges.createdById,
      actorName: users.fullName,
      actorEmail: users.email,
    })
    .from(ruleChanges)
    .leftJoin(users, eq(users.id, ruleChanges.createdById))
    .orderBy(desc(ruleChanges.revision))
    .limit(100);
  const scheduledWeeks = [...new Set(rules.versions.map((v) => v.effectiveFrom).filter((w) => w > thisWeek))].sort();
  const operator = await getSettings();
  return {
    revision: await currentRevision(q),
    thisWeek,
    earliestWeek: await earliestWeek(q, now),
    inForce: payValuesOf(rules, thisWeek),
    scheduled: scheduledWeeks.map((week) => ({
      week,
      values: payValuesOf(rules, week),
      changed: changedPayRules(payValuesOf(rules, addWeeks(week, -1)), payValuesOf(rules, week)),
    })),
    operator: Object.fromEntries(OPERATOR_RULE_KEYS.map((key) => [key, operator[key]])) as OperatorRuleValues,
    largePayoutCents: rules.forWeek(thisWeek).largePayoutCents,
    history,
  };
}

export type PayChangePreview = {
  changed: (keyof PayRuleValues)[];
  before: PayRuleValues;
  after: PayRuleValues;
  /** Closed weeks from the effective one that have drafts: the couriers whose net changes, and by how much. */
  weeks: { week: WeekId; couriers: number; minCents: number; maxCents: number; totalCents: number }[];
  /** Couriers whose drafts in those weeks change. */
  couriers: number;
};

/** What a change of the money rules from `effectiveFrom` does to the open drafts, computed with the real rule. */
export async function previewPayChange(
  values: PayRuleValues,
  effectiveFrom: WeekId,
  now = clockNow(),
): Promise<PayChangePreview> {
  const q = db();
  const rules = await loadPayRules();
  const before = payValuesOf(rules, effectiveFrom);
  const changed = changedPayRules(before, values);
  const changes = Object.fromEntries(changed.map((key) => [key, values[key]]));
  const next = rules.with({ effectiveFrom, values: changes });
  const weeks: PayChangePreview["weeks"] = [];
  const couriers = new Set<number>();
  for (let week = effectiveFrom; isWeekClosed(week, now); week = addWeeks(week, 1)) {
    const drafts = await q
      .select({ userId: payStatements.userId })
      .from(payStatements)
      .where(and(eq(payStatements.weekStart, week), eq(payStatements.status, "draft")));
    if (drafts.length === 0) continue;
    const inputs = await gatherWeek(q, week);
    const differences: number[] = [];
    for (const { userId } of drafts) {
      const input = userId === null ? undefined : inputs.get(userId);
      if (!input || userId === null) continue;
      const old = computeStatement({ ...input, week }, rules.forWeek(week));
      const fresh = computeStatement({ ...input, week }, next.forWeek(week));
      // Only the couriers whose week changes count ("12 couriers, −7,00 € a week each").
      if (fresh.netCents === old.netCents) continue;
      couriers.add(userId);
      differences.push(fresh.netCents - old.netCents);
    }
    if (differences.length === 0) weeks.push({ week, couriers: 0, minCents: 0, maxCents: 0, totalCents: 0 });
    else
      weeks.push({
        week,
        couriers: differences.length,
        minCents: Math.min(...differences),
        maxCents: Math.max(...differences),
        totalCents: differences.reduce((sum, d) => sum + d, 0),
      });
  }
  return { changed, before, after: { ...before, ...changes }, weeks, couriers: couriers.size };
}

/**
 * Saves a change of the money rules from the Monday `effectiveFrom` (only the rules that differ from the
 * ones in force for that week), then recomputes the drafts of the closed weeks from it in the same
 * transaction. Refused: a stale revision, a week with (or before) an approved statement, a week older
 * than the drafts still recomputed, more than two years ahead, or no change at all.
 */
export async function savePayRules(
  adminId: number,
  values: PayRuleValues,
  effectiveFrom: WeekId,
  revision: number,
  now = clockNow(),
) {
  if (effectiveFrom > addWeeks(weekOf(now), LATEST_WEEKS_AHEAD)) throw new RulesError("weekTooLate");
  return transaction(async (tx) => {
    if ((await currentRevision(tx)) !== revision) throw new RulesError("stale");
    const frozen = await lastFrozenWeek(tx);
    if (frozen !== null && effectiveFrom <= frozen) throw new RulesError("weekFrozen");
    const earliest = await earliestWeek(tx, now);
    if (effectiveFrom < earliest) throw new RulesError("weekTooEarly", earliest);
    const rules = await loadPayRules(tx);
    const before = payValuesOf(rules, effectiveFrom);
    const changed = changedPayRules(before, values);
    if (changed.length === 0) throw new RulesError("nothingChanged");
    const next = Object.fromEntries(changed.map((key) => [key, values[key]]));
    const previous = Object.fromEntries(changed.map((key) => [key, before[key]]));
    const [saved] = await tx
      .insert(ruleChanges)
      .values({ revision: revision + 1, kind: "pay", effectiveFrom, values: next, previous, createdById: adminId })
      .onConflictDoNothing()
      .returning({ revision: ruleChanges.revision });
    // Another admin's save took this revision a moment ago (PostgreSQL waited for it to commit).
    if (!saved) throw new RulesError("stale");
    await recordAudit(tx, {
      actorId: adminId,
      action: "rules.pay_change",
      entityType: "settings",
      entityId: saved.revision,
      before: previous,
      after: { ...next, effectiveFrom },
    });
    // The drafts of the closed weeks from that Monday follow at once; frozen statements never change.
    const updated = rules.with({ effectiveFrom, values: next });
    for (let week = effectiveFrom; isWeekClosed(week, now); week = addWeeks(week, 1))
      await recomputeWeekIn(tx, week, updated.forWeek(week), now);
    return { revision: saved.revision, changed };
  });
}

/** Saves the rules that apply at once (lease length, renewal window, report cooldown, retention). */
export async function saveOperatorRules(adminId: number, values: OperatorRuleValues, revision: number) {
  const current = await getSettings();
  return transaction(async (tx) => {
    if ((await currentRevision(tx)) !== revision) throw new RulesError("stale");
    const changed = OPERATOR_RULE_KEYS.filter((key) => current[key] !== values[key]);
    if (changed.length === 0) throw new RulesError("nothingChanged");
    const next = Object.fromEntries(changed.map((key) => [key, values[key]]));
    const previous = Object.fromEntries(changed.map((key) => [key, current[key]]));
    const [saved] = await tx
      .insert(ruleChanges)
      .values({ revision: revision + 1, kind: "operator", values: next, previous, createdById: adminId })
      .onConflictDoNothing()
      .returning({ revision: ruleChanges.revision });
    if (!saved) throw new RulesError("stale");
    for (const key of changed)
      await tx
        .insert(settings)
        .values({ key, value: values[key], updatedAt: new Date() })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: adminId,
      action: "rules.operator_change",
      entityType: "settings",
      entityId: saved.revision,
      before: previous,
      after: next,
    });
    return { revision: saved.revision, changed };
  });
}
