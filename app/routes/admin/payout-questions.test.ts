import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payQuestions } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { askAboutLine } from "~/models/pay-questions.server";
import { actors } from "../../../tests/admin-fixtures";
import { createUser } from "../../../tests/factories";
import { insertStatement } from "../../../tests/pay-fixtures";
import { call, readJson } from "../../../tests/route-harness";
import * as page from "./payout-questions";

type Handler = Parameters<typeof call>[0];
const { adminCookie, userCookie } = await actors();

describe("/admin/payouts/questions", () => {
  test("admins only; open questions listed first; reply and resolve", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const { statement } = await insertStatement(courier.id, "2026-11-09");
    const resolved = await askAboutLine(courier.id, statement.id, 0, "First?");
    const open = await askAboutLine(courier.id, statement.id, 1, "Second?");
    expect((await call(page.loader as Handler, "/admin/payouts/questions", { cookie: userCookie })).status).toBe(403);
    const path = "/admin/payouts/questions";
    const done = await call(page.action as Handler, path, {
      cookie: adminCookie,
      form: { intent: "resolve", questionId: String(resolved.id) },
    });
    expect(done.status).toBe(302);
    const list = await readJson<{ questions: { id: number; status: string }[] }>(
      await call(page.loader as Handler, path, { cookie: adminCookie }),
    );
    const ids = list.questions.map((q) => q.id);
    expect(ids.indexOf(open.id)).toBeLessThan(ids.indexOf(resolved.id));
    const empty = await call(page.action as Handler, path, {
      cookie: adminCookie,
      form: { intent: "reply", questionId: String(open.id), body: "" },
    });
    expect(empty.status).toBe(400);
    const replied = await call(page.action as Handler, path, {
      cookie: adminCookie,
      form: { intent: "reply", questionId: String(open.id), body: "Checked: correct." },
    });
    expect(replied.status).toBe(302);
    expect(
      (
        await call(page.action as Handler, path, {
          cookie: adminCookie,
          form: { intent: "resolve", questionId: "999999" },
        })
      ).status,
    ).toBe(404);
    const [row] = await writerForTests().select().from(payQuestions).where(eq(payQuestions.id, resolved.id));
    expect(row!.status).toBe("resolved");
  });
});
