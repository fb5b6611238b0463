/**
 * Careless or hostile adjustments are refused before they write anything: an account that does not
 * exist or is not a courier, a week that has not begun, an amount beyond the cap. An adjustment about
 * an old week lands in a recent one instead of drafting every week in between.
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, payAdjustments, payStatements } from "~db/schema";
import { addWeeks } from "~/domain/pay-week";
import { MAX_ADJUSTMENT_CENTS } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { createUser } from "../../tests/factories";
import { addAdjustment, AdjustmentError } from "./pay-adjustments.server";
import { lastClosedWeek, RECOMPUTED_WEEKS_BACK } from "./pay-statements.server";

const admin = await createUser({ role: "admin" });
const now = new Date("2026-11-28T10:00:00Z");
const closed = lastClosedWeek(now);

async function refusal(work: Promise<unknown>) {
  try {
    await work;
    return "accepted";
  } catch (error) {
    if (error instanceof AdjustmentError) return error.key;
    throw error;
  }
}

const adjustmentsOf = (userId: number) =>
  writerForTests().select().from(payAdjustments).where(eq(payAdjustments.userId, userId));

describe("adjustments refuse careless input and write nothing", () => {
  test("an account that does not exist is 'not found', not a database error", async () => {
    const input = { userId: 2_000_000_000, week: closed, kind: "bonus", amountCents: 100, reason: "x" } as const;
    expect(await refusal(addAdjustment(admin.id, input, now))).toBe("notFound");
    expect(await adjustmentsOf(2_000_000_000)).toHaveLength(0);
  });

  test("an admin is not a courier", async () => {
    const other = await createUser({ role: "admin" });
    const input = { userId: other.id, week: closed, kind: "bonus", amountCents: 100, reason: "x" } as const;
    expect(await refusal(addAdjustment(admin.id, input, now))).toBe("notCourier");
    expect(await adjustmentsOf(other.id)).toHaveLength(0);
  });

  test("a week that has not begun, and an amount over the cap, are refused", async () => {
    const courier = await createUser();
    const future = addWeeks(closed, 2);
    const base = { userId: courier.id, kind: "correction", reason: "x" } as const;
    expect(await refusal(addAdjustment(admin.id, { ...base, week: future, amountCents: 100 }, now))).toBe("futureWeek");
    expect(
      await refusal(addAdjustment(admin.id, { ...base, week: closed, amountCents: MAX_ADJUSTMENT_CENTS + 1 }, now)),
    ).toBe("amount");
    expect(
      await refusal(addAdjustment(admin.id, { ...base, week: closed, amountCents: -MAX_ADJUSTMENT_CENTS - 1 }, now)),
    ).toBe("amount");
    expect(await adjustmentsOf(courier.id)).toHaveLength(0);
    expect(
      await refusal(addAdjustment(admin.id, { ...base, week: closed, amountCents: MAX_ADJUSTMENT_CENTS }, now)),
    ).toBe("accepted");
  });
});

test("one cent about a week a year back lands in a recent week and drafts no more than the recent weeks", async () => {
  const courier = await createUser();
  const yearBack = addWeeks(closed, -52);
  const landed = await addAdjustment(
    admin.id,
    { userId: courier.id, week: yearBack, kind: "correction", amountCents: -1, reason: "Rounding" },
    now,
  );
  const oldest = addWeeks(closed, -RECOMPUTED_WEEKS_BACK);
  expect(landed).toMatchObject({ week: oldest, moved: true });
  const drafts = await writerForTests().select().from(payStatements).where(eq(payStatements.userId, courier.id));
  expect(drafts.length).toBeLessThanOrEqual(RECOMPUTED_WEEKS_BACK + 1);
  expect(drafts.every((statement) => statement.weekStart >= oldest)).toBe(true);
  const [audit] = await writerForTests()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "pay_adjustment"), eq(auditLog.entityId, landed.id)));
  expect(audit?.after).toMatchObject({ week: oldest, askedWeek: yearBack });
});
