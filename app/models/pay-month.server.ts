import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { payoutBatches, payStatements, users } from "~db/schema";
import { daysOfMonth, type MonthId } from "~/domain/pay-month";
import type { CalendarDate } from "~/domain/pay-week";
import { db } from "~/infra/db.server";

/** What a courier was paid in one month, summed over their statements (docs/pay.md, "The accountant's month"). */
export type PayrollSums = {
  statements: number;
  minutes: number;
  payCents: number;
  tipsCents: number;
  /** Deductions as stored: positive amounts taken off the pay. */
  rentCents: number;
  damageCents: number;
  adjustmentsCents: number;
  carriedInCents: number;
  netCents: number;
  payoutCents: number;
};

export type PayrollRow = PayrollSums & {
  /** Null once the account is erased: the statements (and their holder snapshot) stay. */
  userId: number | null;
  name: string;
  email: string | null;
  /** The execution dates of the batches that paid them, ascending. */
  paidOn: CalendarDate[];
};

export type PayrollMonth = {
  month: MonthId;
  rows: PayrollRow[];
  totals: PayrollSums;
  /** Statements of the month's batches that were exported but are not marked paid yet (not in the rows). */
  awaitingPaid: { statements: number; payoutCents: number };
};

const EMPTY: PayrollSums = {
  statements: 0,
  minutes: 0,
  payCents: 0,
  tipsCents: 0,
  rentCents: 0,
  damageCents: 0,
  adjustmentsCents: 0,
  carriedInCents: 0,
  netCents: 0,
  payoutCents: 0,
};

const byName = new Intl.Collator("sk");

type Amounts = Omit<PayrollSums, "statements">;

function add(sums: PayrollSums, s: Amounts): void {
  sums.statements += 1;
  sums.minutes += s.minutes;
  sums.payCents += s.payCents;
  sums.tipsCents += s.tipsCents;
  sums.rentCents += s.rentCents;
  sums.damageCents += s.damageCents;
  sums.adjustmentsCents += s.adjustmentsCents;
  sums.carriedInCents += s.carriedInCents;
  sums.netCents += s.netCents;
  sums.payoutCents += s.payoutCents;
}

/**
 * The payroll of one month, per courier: the paid statements whose batch's execution date (the day the
 * money was sent) falls in the month, whole — a week that runs into the next month counts where it was
 * paid (the cash principle of Slovak wage tax). One query; the sums are made here.
 */
export async function payrollMonth(month: MonthId): Promise<PayrollMonth> {
  const { first, last } = daysOfMonth(month);
  const statements = await db()
    .select({
      userId: payStatements.userId,
      status: payStatements.status,
      holder: payStatements.holder,
      fullName: users.fullName,
      email: users.email,
      paidOn: payoutBatches.payday,
      minutes: payStatements.minutes,
      payCents: payStatements.payCents,
      tipsCents: payStatements.tipsCents,
      rentCents: payStatements.rentCents,
      damageCents: payStatements.damageCents,
      adjustmentsCents: payStatements.adjustmentsCents,
      carriedInCents: payStatements.carriedInCents,
      netCents: payStatements.netCents,
      payoutCents: payStatements.payoutCents,
    })
    .from(payStatements)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payStatements.batchId))
    .leftJoin(users, eq(users.id, payStatements.userId))
    .where(
      and(
        inArray(payStatements.status, ["exported", "paid"]),
        gte(payoutBatches.payday, first),
        lte(payoutBatches.payday, last),
      ),
    )
    .orderBy(asc(payStatements.id));

  const rows = new Map<string, PayrollRow>();
  const totals = { ...EMPTY };
  const awaitingPaid = { statements: 0, payoutCents: 0 };
  for (const s of statements) {
    if (s.status !== "paid") {
      awaitingPaid.statements += 1;
      awaitingPaid.payoutCents += s.payoutCents;
      continue;
    }
    // An erased account's statements are told apart by the holder they were paid to.
    const key = s.userId === null ? `holder:${s.holder ?? ""}` : `user:${s.userId}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        ...EMPTY,
        userId: s.userId,
        name: s.fullName ?? s.holder ?? s.email ?? "",
        email: s.email,
        paidOn: [],
      };
      rows.set(key, row);
    }
    add(row, s);
    add(totals, s);
    if (!row.paidOn.includes(s.paidOn)) row.paidOn.push(s.paidOn);
  }
  const list = [...rows].map(([, row]) => row);
  for (const row of list) row.paidOn.sort();
  // Sorted here, not in SQL: the engines put a null name (an erased account) at opposite ends.
  const sorted = list.sort((a, b) => byName.compare(a.name, b.name) || (a.userId ?? 0) - (b.userId ?? 0));
  return { month, rows: sorted, totals, awaitingPaid };
}
