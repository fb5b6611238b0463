/**
 * The pay week's and the batch's decisions through their routes (docs/pay.md, "The weekly loop"):
 * "Approve all" and "Mark paid" only from their confirmations with the count and sum they showed, a
 * stale confirmation refused with a message and nothing changed, twenty simultaneous posts giving one
 * winner and 409s, "back to draft", and the first SEPA download recorded on the batch.
 */
import { describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { bankAccounts, payStatements } from "~db/schema";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { exportPayouts } from "~/services/payout.server";
import { approveStatements } from "~/models/pay-review.server";
import { getBatch } from "~/models/payout-batches.server";
import { actors } from "../../../tests/admin-fixtures";
import { createUser } from "../../../tests/factories";
import { insertStatement } from "../../../tests/pay-fixtures";
import { slowWrites } from "../../../tests/raw-sql";
import { call, readJson } from "../../../tests/route-harness";
import * as batchFile from "./payouts-batch-file";
import * as batchPage from "./payouts-batch";
import * as weekPage from "./payouts-week";

type Handler = Parameters<typeof call>[0];
const { admin, adminCookie } = await actors();
process.env.PAYOUT_DEBTOR_NAME ??= "Courier Fleet s.r.o.";
const debtor = config().payoutDebtor as { name?: string; iban?: string };
debtor.name = "Courier Fleet s.r.o.";
debtor.iban = "SK8975000000000012345671";

let weekCounter = 0;
function freshWeek() {
  weekCounter += 1;
  return new Date(Date.UTC(2033, 0, 3) + weekCounter * 5 * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** Drafts of 10 h (75,00 €) for `n` couriers with bank details, in a week of their own. */
async function draftWeek(n: number) {
  const week = freshWeek();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser({ fullName: `Kuriér ${i}` });
    await writerForTests()
      .insert(bankAccounts)
      .values({ userId: user.id, iban: "SK3112000000198742637541", holder: `Kuriér ${i}`, changedAt: new Date(0) });
    ids.push(
      (await insertStatement(user.id, week, { status: "draft", minutes: 600, tipsCents: 0, leaseDays: 0 })).statement
        .id,
    );
  }
  return { week, ids };
}

const statuses = async (ids: number[]) =>
  (await writerForTests().select().from(payStatements).where(inArray(payStatements.id, ids))).map((r) => r.status);

const post = (handler: Handler, path: string, params: Record<string, string>, form: Record<string, string>) =>
  call(handler, path, { cookie: adminCookie, params, form });

describe("approve all, from its confirmation", () => {
  test("without the confirmed count and sum, or with stale ones, nothing is approved and the page says why", async () => {
    const { week, ids } = await draftWeek(2);
    const path = `/admin/payouts/${week}`;
    const shown = await readJson<{ confirm: { count: number; totalCents: number } }>(
      await call(weekPage.loader as Handler, `${path}?confirm=approve-all`, { cookie: adminCookie, params: { week } }),
    );
    expect(shown.confirm).toEqual({ count: 2, totalCents: 15_000 });

    const bare = await post(weekPage.action as Handler, path, { week }, { intent: "approveAll" });
    expect(bare.status).toBe(400);
    expect((await readJson<{ formError: string }>(bare)).formError).toContain("Confirm first");
    const stale = await post(
      weekPage.action as Handler,
      path,
      { week },
      {
        intent: "approveAll",
        count: "1",
        totalCents: "7500",
      },
    );
    expect(stale.status).toBe(409);
    expect((await readJson<{ formError: string }>(stale)).formError).toContain("Nothing was approved");
    expect(await statuses(ids)).toEqual(["draft", "draft"]);

    const done = await post(
      weekPage.action as Handler,
      path,
      { week },
      {
        intent: "approveAll",
        count: "2",
        totalCents: "15000",
      },
    );
    expect(done.status).toBe(200);
    expect(await statuses(ids)).toEqual(["approved", "approved"]);
  });

  test("twenty confirmed posts at once: one 200, nineteen 409, each statement approved once", async () => {
    const { week, ids } = await draftWeek(3);
    const path = `/admin/payouts/${week}`;
    const restore = await slowWrites("pay_statements", "update", `NEW.id = ${ids[0]}`, 200);
    let answers: number[];
    const started = Date.now();
    try {
      answers = (
        await Promise.all(
          Array.from({ length: 20 }, () =>
            post(weekPage.action as Handler, path, { week }, { intent: "approveAll", count: "3", totalCents: "22500" }),
          ),
        )
      ).map((r) => r.status);
    } finally {
      await restore();
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(19);
    expect(await statuses(ids)).toEqual(["approved", "approved", "approved"]);
  });

  test("back to draft: twenty posts at once, one redirect, nineteen 409", async () => {
    const { week, ids } = await draftWeek(1);
    await approveStatements(admin.id, week, ids);
    const path = `/admin/payouts/${week}`;
    const restore = await slowWrites("pay_statements", "update", `NEW.id = ${ids[0]}`, 200);
    let answers: number[];
    try {
      answers = (
        await Promise.all(
          Array.from({ length: 20 }, () =>
            post(weekPage.action as Handler, path, { week }, { intent: "returnToDraft", statementId: String(ids[0]) }),
          ),
        )
      ).map((r) => r.status);
    } finally {
      await restore();
    }
    expect(answers.filter((s) => s === 302)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(19);
  });
});

describe("a batch: mark paid from its confirmation; the first download recorded", () => {
  test("mark paid needs the confirmed count and sum; twenty at once give one redirect and nineteen 409", async () => {
    const { week, ids } = await draftWeek(2);
    await approveStatements(admin.id, week, ids);
    const { batchId } = await exportPayouts(admin.id, week);
    const path = `/admin/payouts/batches/${batchId}`;
    const params = { id: String(batchId) };
    const shown = await readJson<{ confirmPay: boolean }>(
      await call(batchPage.loader as Handler, `${path}?confirm=pay`, { cookie: adminCookie, params }),
    );
    expect(shown.confirmPay).toBe(true);
    expect((await post(batchPage.action as Handler, path, params, { intent: "pay" })).status).toBe(400);
    const wrong = await post(batchPage.action as Handler, path, params, { intent: "pay", count: "2", totalCents: "1" });
    expect(wrong.status).toBe(409);
    expect(await statuses(ids)).toEqual(["exported", "exported"]);

    const restore = await slowWrites("payout_batches", "update", `NEW.id = ${batchId}`, 200);
    let answers: number[];
    try {
      answers = (
        await Promise.all(
          Array.from({ length: 20 }, () =>
            post(batchPage.action as Handler, path, params, { intent: "pay", count: "2", totalCents: "15000" }),
          ),
        )
      ).map((r) => r.status);
    } finally {
      await restore();
    }
    expect(answers.filter((s) => s === 302)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(19);
    expect(await statuses(ids)).toEqual(["paid", "paid"]);
  });

  test("the first SEPA download is recorded with who; the CSV download is not a bank download", async () => {
    const { week, ids } = await draftWeek(1);
    await approveStatements(admin.id, week, ids);
    const { batchId } = await exportPayouts(admin.id, week);
    const params = { id: String(batchId) };
    const base = `/admin/payouts/batches/${batchId}`;
    expect(
      (await call(batchFile.loader as Handler, `${base}/accountant.csv`, { cookie: adminCookie, params })).status,
    ).toBe(200);
    expect((await getBatch(batchId))!.downloadedAt).toBeNull();
    const xml = await call(batchFile.loader as Handler, `${base}/sepa.xml`, { cookie: adminCookie, params });
    expect(xml.status).toBe(200);
    expect((await getBatch(batchId))!).toMatchObject({ downloadedBy: admin.email });
    const [row] = await writerForTests().select().from(payStatements).where(eq(payStatements.id, ids[0]!));
    expect(row!.status).toBe("exported");
  });
});
