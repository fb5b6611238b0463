/**
 * What a courier reads about their own pay (docs/pay.md, "What the courier sees"): the current week so far from the imported
 * days, their statements and the payday ahead. Every query is scoped to the courier: a statement of
 * someone else is simply not found.
 */
import { and, asc, count, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { earnings, payoutBatches, payStatements, platformAccounts, platforms } from "~db/schema";
import { statementFigures } from "./pay-statements.server";
import { computeStatement, EMPTY_WEEK, type PaySettings, type Statement, type StatementLine } from "~/domain/pay-rule";
import { expectedPayday } from "~/domain/pay-review";
import {
  addDays,
  localDateOf,
  nextPayday,
  weekOf,
  type CalendarDate,
  type IsoWeekday,
  type WeekId,
} from "~/domain/pay-week";
import { now as clockNow } from "~/infra/clock.server";
import { db, preparedQuery } from "~/infra/db.server";
import { loadPayRules } from "./settings.server";

export type WeekSoFar = {
  week: WeekId;
  days: number;
  minutes: number;
  deliveries: number;
  grossCents: number;
  tipsCents: number;
  /** Pay and tips under the pay rule, before scooter rent and any other deduction. */
  beforeDeductionsCents: number;
  /** The last day imported so far (null: nothing yet this week). */
  lastDay: CalendarDate | null;
};

/**
 * The imported days of the courier's accounts within the week, each day counted only while the account was
 * theirs (an account handed over mid-week counts up to its end date). Days on two accounts count once.
 */
export async function weekSoFar(userId: number, settings: PaySettings, now = new Date()): Promise<WeekSoFar> {
  const week = weekOf(now);
  const last = addDays(week, 6);
  const rows = await db()
    .select({
      day: earnings.day,
      minutes: earnings.minutes,
      deliveries: earnings.deliveries,
      grossCents: earnings.grossCents,
      tipsCents: earnings.tipsCents,
    })
    .from(earnings)
    .innerJoin(
      platformAccounts,
      and(eq(platformAccounts.platformId, earnings.platformId), eq(platformAccounts.accountId, earnings.accountId)),
    )
    .where(
      and(
        eq(platformAccounts.userId, userId),
        gte(earnings.day, week),
        lte(earnings.day, last),
        lte(platformAccounts.startsOn, earnings.day),
        or(isNull(platformAccounts.endsOn), gte(platformAccounts.endsOn, earnings.day)),
      ),
    );
  const sum = { minutes: 0, deliveries: 0, grossCents: 0, tipsCents: 0 };
  const days = new Set<string>();
  for (const row of rows) {
    days.add(row.day);
    sum.minutes += row.minutes;
    sum.deliveries += row.deliveries;
    sum.grossCents += row.grossCents;
    sum.tipsCents += row.tipsCents;
  }
  const statement = computeStatement({ ...EMPTY_WEEK, ...sum, week }, settings);
  const lastDay = [...days].sort().at(-1) ?? null;
  return { week, days: days.size, ...sum, beforeDeductionsCents: statement.payCents + statement.tipsCents, lastDay };
}

export type OwnStatement = Omit<Statement, "lines" | "week" | "payday"> & {
  id: number;
  week: WeekId;
  status: "draft" | "approved" | "exported" | "paid";
  minutes: number;
  grossCents: number;
  lines: StatementLine[];
  iban: string | null;
  holder: string | null;
  approvedAt: Date | null;
  paidAt: Date | null;
  batchPayday: CalendarDate | null;
  batchStatus: "exported" | "paid" | "cancelled" | null;
  /**
   * The one payday shown for the statement (page, PDF): the batch's stored execution date once it is in a
   * payout file; before that, for an approved statement, the expected one — the rule's payday, or today
   * once that has passed (`expectedPayday`); null for a draft.
   */
  payday: CalendarDate | null;
  /** "Sent to the bank" only once the batch's SEPA file was downloaded; until then it is being prepared for payment. */
  sentToBank: boolean;
  /**
   * Reviewed with a payout of 0 (net zero or negative, the negative part carried into the next week): no
   * transfer is made; once its batch is marked paid the week is settled with 0 € sent.
   */
  nothingToTransfer: boolean;
};

const statementColumns = {
  id: payStatements.id,
  week: payStatements.weekStart,
  status: payStatements.status,
  ...statementFigures,
  carryOutCents: payStatements.carryOutCents,
  lines: payStatements.lines,
  iban: payStatements.iban,
  holder: payStatements.holder,
  approvedAt: payStatements.approvedAt,
  paidAt: payStatements.paidAt,
  batchPayday: payoutBatches.payday,
  batchStatus: payoutBatches.status,
  batchDownloadedAt: payoutBatches.downloadedAt,
};

type StatementRow = Omit<OwnStatement, "lines" | "payday" | "sentToBank" | "nothingToTransfer"> & {
  lines: unknown;
  batchDownloadedAt: Date | null;
};

function ownStatement(row: StatementRow, paydayWeekday: IsoWeekday, today: CalendarDate): OwnStatement {
  const { batchDownloadedAt, ...rest } = row;
  return {
    ...rest,
    lines: (row.lines ?? []) as StatementLine[],
    payday:
      row.batchPayday && row.batchStatus !== "cancelled"
        ? row.batchPayday
        : row.status === "draft"
          ? null
          : expectedPayday(row.week, paydayWeekday, today),
    sentToBank:
      row.payoutCents > 0 && (row.status === "paid" || (row.status === "exported" && batchDownloadedAt !== null)),
    nothingToTransfer: row.status !== "draft" && row.payoutCents === 0,
  };
}

/** The courier's statements, newest week first, with the payout batch each went out in. */
export async function listOwnStatements(userId: number, now = clockNow()): Promise<OwnStatement[]> {
  const rules = await loadPayRules();
  const rows = await db()
    .select(statementColumns)
    .from(payStatements)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payStatements.batchId))
    .where(eq(payStatements.userId, userId))
    .orderBy(desc(payStatements.weekStart));
  return rows.map((row) => ownStatement(row, rules.forWeek(row.week).paydayWeekday, localDateOf(now)));
}

/** One statement of the courier's own; null when it is not theirs (or does not exist). */
export async function getOwnStatement(userId: number, id: number, now = clockNow()): Promise<OwnStatement | null> {
  const rules = await loadPayRules();
  const [row] = await db()
    .select(statementColumns)
    .from(payStatements)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payStatements.batchId))
    .where(and(eq(payStatements.id, id), eq(payStatements.userId, userId)))
    .limit(1);
  return row ? ownStatement(row, rules.forWeek(row.week).paydayWeekday, localDateOf(now)) : null;
}

/** The payday ahead, the week it pays and the statement's payout, when that week has a statement already. */
export async function nextPayout(userId: number, settings: PaySettings, now = new Date()) {
  const next = nextPayday(now, settings.paydayWeekday);
  const [row] = await db()
    .select({
      id: payStatements.id,
      status: payStatements.status,
      payoutCents: payStatements.payoutCents,
      carryOutCents: payStatements.carryOutCents,
      batchPayday: payoutBatches.payday,
      downloadedAt: payoutBatches.downloadedAt,
    })
    .from(payStatements)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payStatements.batchId))
    .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, next.week)))
    .limit(1);
  if (!row) return { ...next, statement: null };
  const { batchPayday, downloadedAt, ...statement } = row;
  return {
    ...next,
    // In a payout file: the batch's stored execution date.
    payday: batchPayday ?? next.payday,
    statement: {
      ...statement,
      // In a file nobody has downloaded yet: being prepared for payment, not yet sent to the bank.
      status: statement.status === "exported" && downloadedAt === null ? ("preparing" as const) : statement.status,
    },
  };
}

// Asked on every dashboard answer: built once (db.server.ts, `preparedQuery`).
const accountCount = preparedQuery((connection) =>
  connection
    .select({ n: count() })
    .from(platformAccounts)
    .where(eq(platformAccounts.userId, sql.placeholder("userId")))
    .prepare(),
);
const statementCount = preparedQuery((connection) =>
  connection
    .select({ n: count() })
    .from(payStatements)
    .where(eq(payStatements.userId, sql.placeholder("userId")))
    .prepare(),
);

/** Whether the courier has anything to see under Pay: a platform account (now or earlier) or a statement. */
export async function hasPayHistory(userId: number) {
  const [accounts] = await accountCount().execute({ userId });
  if ((accounts?.n ?? 0) > 0) return true;
  const [statements] = await statementCount().execute({ userId });
  return (statements?.n ?? 0) > 0;
}

/** Everything pay-related of one courier for their data export (GDPR access). */
export async function collectPayData(userId: number) {
  const statements = await listOwnStatements(userId);
  const accounts = await db()
    .select({
      platform: platforms.name,
      accountId: platformAccounts.accountId,
      startsOn: platformAccounts.startsOn,
      endsOn: platformAccounts.endsOn,
    })
    .from(platformAccounts)
    .innerJoin(platforms, eq(platforms.id, platformAccounts.platformId))
    .where(eq(platformAccounts.userId, userId))
    .orderBy(asc(platformAccounts.startsOn));
  const payouts = statements
    .filter((s) => s.batchPayday !== null)
    .map((s) => ({
      statementId: s.id,
      week: s.week,
      payday: s.batchPayday,
      status: s.batchStatus,
      amountCents: s.payoutCents,
      paidAt: s.paidAt,
    }));
  return {
    statements: statements.map(({ batchPayday: _p, batchStatus: _s, ...s }) => s),
    payouts,
    platformAccounts: accounts,
  };
}
