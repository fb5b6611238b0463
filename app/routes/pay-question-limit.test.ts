/**
 * A courier's pay questions and messages share one limit (RATE_LIMITS.payQuestions): past it the page
 * answers 429 with Retry-After and a message in the courier's language, and nothing reaches the queue.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payQuestionMessages, payQuestions } from "~db/schema";
import { RATE_LIMITS } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { insertStatement } from "../../tests/pay-fixtures";
import { call, readJson } from "../../tests/route-harness";
import * as pay from "./dashboard-pay";

test("questions past the limit are refused with 429, Retry-After and a message; none is stored", async () => {
  const courier = await createUser({ status: "working_with_vehicle", language: "ua" });
  const { statement } = await insertStatement(courier.id, "2026-11-09");
  const cookie = await sessionCookieHeader(courier.id);
  const ask = (body: string) =>
    call(pay.action, "/dashboard/pay", {
      cookie,
      form: { intent: "question", statementId: String(statement.id), lineIndex: "0", body },
    });
  const { limit } = RATE_LIMITS.payQuestions;
  const first = await ask("Why?");
  expect(first.status).toBe(302);
  const [question] = await writerForTests().select().from(payQuestions).where(eq(payQuestions.userId, courier.id));
  for (let i = 1; i < limit - 1; i += 1) expect((await ask(`Question ${i}`)).status).toBe(302);
  const reply = await call(pay.action, "/dashboard/pay", {
    cookie,
    form: { intent: "questionReply", questionId: String(question!.id), body: "And one more thing" },
  });
  expect(reply.status).toBe(302);

  const refused = await ask("One too many");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect((await readJson<{ error: string }>(refused)).error).toContain("хв");
  const stored = await writerForTests().select().from(payQuestions).where(eq(payQuestions.userId, courier.id));
  expect(stored).toHaveLength(limit - 1);
  const refusedReply = await call(pay.action, "/dashboard/pay", {
    cookie,
    form: { intent: "questionReply", questionId: String(question!.id), body: "Still there?" },
  });
  expect(refusedReply.status).toBe(429);
  const messages = await writerForTests()
    .select()
    .from(payQuestionMessages)
    .where(eq(payQuestionMessages.questionId, question!.id));
  expect(messages.map((message) => message.body)).not.toContain("Still there?");
});
