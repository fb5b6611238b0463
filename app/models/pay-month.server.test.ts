import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payStatements } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser } from "../../tests/factories";
import { insertStatement } from "../../tests/pay-fixtures";
import { payrollMonth } from "./pay-month.server";

/** A month far from every other test's statements, so the sums are only this file's. */
const MONTH = "2041-05";

describe("the accountant's month", () => {
  test("paid statements count, whole, in the month of their batch's execution date; per courier and in total", async () => {
    const anna = await createUser({ fullName: "Anna Nováková" });
    const bohdan = await createUser({ fullName: "Bohdan Шевченко" });
    const erased = await createUser({ fullName: "Gone Soon" });
    const paid = (userId: number, week: string, payday: string, minutes = 600) =>
      insertStatement(userId, week, { status: "paid", payday, minutes, tipsCents: 450, leaseDays: 7 });

    // Anna: two weeks paid in May (one of them worked mostly in April), one paid in April, one in June.
    const first = await paid(anna.id, "2041-04-29", "2041-05-03", 600);
    await paid(anna.id, "2041-05-06", "2041-05-10", 125);
    await paid(anna.id, "2041-04-22", "2041-04-26");
    await paid(anna.id, "2041-05-27", "2041-06-07");
    await writerForTests()
      .update(payStatements)
      .set({
        damageCents: 1250,
        adjustmentsCents: -300,
        carriedInCents: -500,
        netCents: first.computed.netCents - 2050,
      })
      .where(eq(payStatements.id, first.statement.id));
    // Bohdan: one paid in May, one exported in May and not marked paid yet, one approved, one draft.
    await paid(bohdan.id, "2041-04-29", "2041-05-31", 60);
    const waiting = await insertStatement(bohdan.id, "2041-05-06", { status: "exported", payday: "2041-05-15" });
    await insertStatement(bohdan.id, "2041-04-15", { status: "approved" });
    await insertStatement(bohdan.id, "2041-04-22", { status: "draft" });
    // An erased account: the statement stays, known by its holder.
    await paid(erased.id, "2041-04-29", "2041-05-03");
    await writerForTests()
      .update(payStatements)
      .set({ userId: null, holder: "Zuzana Vymazaná" })
      .where(eq(payStatements.userId, erased.id));

    const month = await payrollMonth(MONTH);
    expect(month.rows.map((r) => [r.name, r.statements, r.minutes, r.paidOn])).toEqual([
      ["Anna Nováková", 2, 725, ["2041-05-03", "2041-05-10"]],
      ["Bohdan Шевченко", 1, 60, ["2041-05-31"]],
      ["Zuzana Vymazaná", 1, 600, ["2041-05-03"]],
    ]);
    const annaRow = month.rows.find((r) => r.userId === anna.id)!;
    // 600 + 125 minutes at 7.50 €/h: 75,00 + 15,63 €; tips 2 × 4,50; rent 2 × 7 × 5,00.
    expect(annaRow).toMatchObject({
      email: anna.email,
      payCents: 7500 + 1563,
      tipsCents: 900,
      rentCents: 7000,
      damageCents: 1250,
      adjustmentsCents: -300,
      carriedInCents: -500,
    });
    // A row adds up: pay + tips − rent − damage + adjustments + carried in = net.
    for (const r of month.rows)
      expect(r.payCents + r.tipsCents - r.rentCents - r.damageCents + r.adjustmentsCents + r.carriedInCents).toBe(
        r.netCents,
      );
    expect(month.rows.find((r) => r.userId === null)).toMatchObject({ email: null, statements: 1 });
    expect(month.totals.statements).toBe(4);
    expect(month.totals.minutes).toBe(600 + 125 + 60 + 600);
    expect(month.totals.netCents).toBe(month.rows.reduce((sum, r) => sum + r.netCents, 0));
    expect(month.awaitingPaid).toEqual({ statements: 1, payoutCents: waiting.computed.payoutCents });
  });

  test("a month without paid statements is empty, its totals zero", async () => {
    const month = await payrollMonth("2041-08");
    expect(month.rows).toEqual([]);
    expect(month.totals).toMatchObject({ statements: 0, minutes: 0, netCents: 0 });
    expect(month.awaitingPaid).toEqual({ statements: 0, payoutCents: 0 });
  });
});
