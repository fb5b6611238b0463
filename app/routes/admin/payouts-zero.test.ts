/**
 * A week with nothing to transfer through the admin's routes (docs/pay.md, "The weekly loop"): "approve
 * all" confirms it in its count (not its sum), twenty posts at once approve, export and mark it paid once,
 * and a batch of zero payouts alone has no SEPA file to download.
 */
import { describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { bankAccounts, payStatements } from "~db/schema";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { actors } from "../../../tests/admin-fixtures";
import { createUser } from "../../../tests/factories";
import { insertStatement } from "../../../tests/pay-fixtures";
import { slowWrites } from "../../../tests/raw-sql";
import { call, readJson } from "../../../tests/route-harness";
import * as batchFile from "./payouts-batch-file";
import * as batchPage from "./payouts-batch";
import * as weekPage from "./payouts-week";

type Handler = Parameters<typeof call>[0];
const { adminCookie } = await actors();
const debtor = config().payoutDebtor as { name?: string; iban?: string };
debtor.name = "Courier Fleet s.r.o.";
debtor.iban = "SK8975000000000012345671";

let weekCounter = 0;
function freshWeek() {
  weekCounter += 1;
  return new Date(Date.UTC(2039, 0, 3) + weekCounter * 5 * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** 10 h (75,00 €) for a courier with bank details. */
async function payee(week: string) {
  const user = await createUser({ fullName: "Kuriér Platený" });
  await writerForTests()
    .insert(bankAccounts)
    .values({ userId: user.id, iban: "SK3112000000198742637541", holder: "Kuriér Platený", changedAt: new Date(0) });
  return (await insertStatement(user.id, week, { status: "draft", minutes: 600, tipsCents: 0, leaseDays: 0 })).statement
    .id;
}

/** 20,00 € of pay against 35,00 € of rent, for a courier without bank details: nothing to transfer. */
async function owing(week: string) {
  const user = await createUser({ fullName: "Kuriér Bez Výplaty" });
  return (await insertStatement(user.id, week, { status: "draft", minutes: 160, tipsCents: 0 })).statement.id;
}

const statuses = async (ids: number[]) =>
  (await writerForTests().select().from(payStatements).where(inArray(payStatements.id, ids))).map((r) => r.status);

/** Twenty posts at once while the decided row's update is held a moment; their HTTP statuses. */
async function twenty(table: string, id: number, post: () => Promise<Response>) {
  const restore = await slowWrites(table, "update", `NEW.id = ${id}`, 200);
  try {
    return (await Promise.all(Array.from({ length: 20 }, post))).map((r) => r.status);
  } finally {
    await restore();
  }
}

describe("a week with nothing to transfer, through the routes", () => {
  test("approve all counts it, twenty posts approve once; twenty exports make one batch; twenty 'mark paid' pay once", async () => {
    const week = freshWeek();
    const ids = [await payee(week), await owing(week)];
    const path = `/admin/payouts/${week}`;
    const shown = await readJson<{ confirm: { count: number; totalCents: number } }>(
      await call(weekPage.loader as Handler, `${path}?confirm=approve-all`, { cookie: adminCookie, params: { week } }),
    );
    expect(shown.confirm).toEqual({ count: 2, totalCents: 7500 });
    const approving = await twenty("pay_statements", ids[0]!, () =>
      call(weekPage.action as Handler, path, {
        cookie: adminCookie,
        params: { week },
        form: { intent: "approveAll", count: "2", totalCents: "7500" },
      }),
    );
    expect({
      ok: approving.filter((s) => s === 200).length,
      refused: approving.filter((s) => s === 409).length,
    }).toEqual({ ok: 1, refused: 19 });
    expect(await statuses(ids)).toEqual(["approved", "approved"]);

    const exporting = await twenty("pay_statements", ids[0]!, () =>
      call(weekPage.action as Handler, path, { cookie: adminCookie, params: { week }, form: { intent: "export" } }),
    );
    expect({
      won: exporting.filter((s) => s === 302).length,
      refused: exporting.filter((s) => s === 409).length,
    }).toEqual({ won: 1, refused: 19 });
    const rows = await writerForTests().select().from(payStatements).where(inArray(payStatements.id, ids));
    expect(rows.map((r) => r.status)).toEqual(["exported", "exported"]);
    const batchId = rows[0]!.batchId!;
    expect(rows[1]!.batchId).toBe(batchId);

    const batchPath = `/admin/payouts/batches/${batchId}`;
    const params = { id: String(batchId) };
    const page = await readJson<{
      batch: { count: number; totalCents: number; hasFile: boolean; statements: { id: number; payoutCents: number }[] };
    }>(await call(batchPage.loader as Handler, `${batchPath}?confirm=pay`, { cookie: adminCookie, params }));
    expect(page.batch).toMatchObject({ count: 1, totalCents: 7500, hasFile: true });
    expect(page.batch.statements.map((s) => s.payoutCents).sort()).toEqual([0, 7500]);
    const paying = await twenty("payout_batches", batchId, () =>
      call(batchPage.action as Handler, batchPath, {
        cookie: adminCookie,
        params,
        form: { intent: "pay", count: "1", totalCents: "7500" },
      }),
    );
    expect({ won: paying.filter((s) => s === 302).length, refused: paying.filter((s) => s === 409).length }).toEqual({
      won: 1,
      refused: 19,
    });
    expect(await statuses(ids)).toEqual(["paid", "paid"]);
  }, 30_000);

  test("a week of zero payouts alone: a batch without a file (no SEPA or CSV download), marked paid from its confirmation", async () => {
    const week = freshWeek();
    const id = await owing(week);
    const path = `/admin/payouts/${week}`;
    const approve = await call(weekPage.action as Handler, path, {
      cookie: adminCookie,
      params: { week },
      form: { intent: "approveSelected", ids: String(id) },
    });
    expect(approve.status).toBe(200);
    const exported = await call(weekPage.action as Handler, path, {
      cookie: adminCookie,
      params: { week },
      form: { intent: "export" },
    });
    expect(exported.status).toBe(302);
    const [row] = await writerForTests().select().from(payStatements).where(eq(payStatements.id, id));
    expect(row).toMatchObject({ status: "exported" });
    const batchId = row!.batchId!;
    const params = { id: String(batchId) };
    const base = `/admin/payouts/batches/${batchId}`;
    const page = await readJson<{ batch: { count: number; totalCents: number; hasFile: boolean } }>(
      await call(batchPage.loader as Handler, base, { cookie: adminCookie, params }),
    );
    expect(page.batch).toMatchObject({ count: 0, totalCents: 0, hasFile: false });
    for (const file of ["sepa.xml", "accountant.csv"]) {
      const answer = await call(batchFile.loader as Handler, `${base}/${file}`, { cookie: adminCookie, params }).catch(
        (e: unknown) => e as Response,
      );
      expect(answer.status).toBe(404);
    }
    const paid = await call(batchPage.action as Handler, base, {
      cookie: adminCookie,
      params,
      form: { intent: "pay", count: "0", totalCents: "0" },
    });
    expect(paid.status).toBe(302);
    expect(await statuses([id])).toEqual(["paid"]);
  });
});
