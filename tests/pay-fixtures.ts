/** Weekly-pay rows for tests (bun test and Playwright): platforms, account links, imported days, statements. */
import { earningImports, earnings, payStatements, payoutBatches, platformAccounts, platforms } from "~db/schema";
import { computeStatement, DEFAULT_PAY_RULE_SETTINGS, EMPTY_WEEK } from "~/domain/pay-rule";
import { writerForTests } from "~/infra/db.server";

let counter = 0;

export async function createPlatformRow(name = `Platform ${Date.now().toString(36)}-${++counter}`) {
  const [row] = await writerForTests().insert(platforms).values({ name }).returning();
  return row!;
}

export async function linkAccount(
  platformId: number,
  accountId: string,
  userId: number,
  startsOn: string,
  endsOn: string | null = null,
) {
  const [row] = await writerForTests()
    .insert(platformAccounts)
    .values({ platformId, accountId, userId, startsOn, endsOn })
    .returning();
  return row!;
}

/** Imported days of one platform's accounts, as a committed import would have written them. */
export async function importDays(
  platformId: number,
  weekStart: string,
  days: {
    accountId: string;
    day: string;
    minutes: number;
    deliveries: number;
    grossCents: number;
    tipsCents: number;
  }[],
) {
  const [file] = await writerForTests()
    .insert(earningImports)
    .values({
      platformId,
      weekStart,
      fileName: "test.csv",
      storageKey: `test-${Date.now()}-${++counter}`,
      sha256: "0".repeat(64),
      rowsCount: days.length,
      committedAt: new Date(),
    })
    .returning();
  await writerForTests()
    .insert(earnings)
    .values(days.map((d) => ({ ...d, platformId, importId: file!.id })));
  return file!;
}

/** A statement row as the statements job would write it (its engine lives elsewhere), from hours, gross and tips. */
export async function insertStatement(
  userId: number,
  weekStart: string,
  options: Partial<{
    minutes: number;
    grossCents: number;
    tipsCents: number;
    leaseDays: number;
    status: "draft" | "approved" | "exported" | "paid";
    iban: string;
    holder: string;
    payday: string;
  }> = {},
) {
  const input = {
    ...EMPTY_WEEK,
    week: weekStart,
    minutes: options.minutes ?? 600,
    deliveries: 20,
    grossCents: options.grossCents ?? 9000,
    tipsCents: options.tipsCents ?? 450,
    leaseDays: options.leaseDays ?? 7,
  };
  const s = computeStatement(input, DEFAULT_PAY_RULE_SETTINGS);
  const status = options.status ?? "approved";
  const batch =
    status === "exported" || status === "paid"
      ? (
          await writerForTests()
            .insert(payoutBatches)
            .values({
              payday: options.payday ?? s.payday!,
              status: status === "paid" ? "paid" : "exported",
              totalCents: s.payoutCents,
              count: 1,
              fileKey: `batch-${Date.now()}-${++counter}`,
            })
            .returning()
        )[0]!
      : null;
  const [row] = await writerForTests()
    .insert(payStatements)
    .values({
      userId,
      weekStart,
      status,
      minutes: input.minutes,
      grossCents: input.grossCents,
      tipsCents: s.tipsCents,
      payCents: s.payCents,
      rentCents: s.rentCents,
      netCents: s.netCents,
      payoutCents: s.payoutCents,
      carryOutCents: s.carryOutCents,
      lines: s.lines,
      iban: status === "draft" ? null : (options.iban ?? "SK3112000000198742637541"),
      holder: status === "draft" ? null : (options.holder ?? "Test Courier"),
      computedAt: new Date(),
      approvedAt: status === "draft" ? null : new Date(),
      batchId: batch?.id ?? null,
      paidAt: status === "paid" ? new Date() : null,
    })
    .returning();
  return { statement: row!, computed: s, batch };
}
