/**
 * Questions on statement lines: a courier asks about one line of their own statement, which opens a
 * thread with the admins (as a problem report does); admins reply and resolve, audited, and the courier
 * is e-mailed on a reply in their language.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { payQuestionMessages, payQuestions, payStatements, users } from "~db/schema";
import type { StatementLine } from "~/domain/pay-rule";
import { reportThread } from "~/domain/report-thread";
import { db, transaction } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";
import { notifyUser } from "./decisions.server";
import { hit } from "./limits.server";

/** Why a question or a reply was refused; screens translate `pay:questions.errors.<key>`. */
export class PayQuestionError extends Error {
  constructor(
    readonly key: "notFound" | "closed" | "alreadyResolved" | "tooMany",
    /** For "tooMany": when the courier may write again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : this.key === "tooMany" ? 429 : 409;
  }
}

/** Questions and messages a courier writes share one limit: each one lands in the admins' queue. */
async function countCourierMessage(userId: number) {
  const limit = await hit("payQuestions", String(userId));
  if (!limit.ok) throw new PayQuestionError("tooMany", limit.retryAfterSeconds);
}

type Question = typeof payQuestions.$inferSelect;
type Message = typeof payQuestionMessages.$inferSelect;

function threadOf(question: Question, messages: Message[]) {
  return reportThread(
    {
      id: question.id,
      description: question.body,
      createdAt: question.createdAt,
      response: null,
      resolvedAt: question.resolvedAt,
    },
    messages,
  );
}

async function messagesOf(questionIds: number[]) {
  const byQuestion = new Map<number, (Message & { authorEmail: string | null })[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db()
    .select({ message: payQuestionMessages, authorEmail: users.email })
    .from(payQuestionMessages)
    .leftJoin(users, eq(users.id, payQuestionMessages.authorId))
    .where(inArray(payQuestionMessages.questionId, questionIds))
    .orderBy(asc(payQuestionMessages.createdAt), asc(payQuestionMessages.id));
  for (const { message, authorEmail } of rows)
    byQuestion.set(message.questionId, [...(byQuestion.get(message.questionId) ?? []), { ...message, authorEmail }]);
  return byQuestion;
}

/**
 * The courier questions line `lineIndex` of their own statement. Another courier's statement, or a line
 * that does not exist, is "not found".
 */
export async function askAboutLine(userId: number, statementId: number, lineIndex: number, body: string) {
  await countCourierMessage(userId);
  return await transaction(async (tx) => {
    const [statement] = await tx
      .select({ lines: payStatements.lines })
      .from(payStatements)
      .where(and(eq(payStatements.id, statementId), eq(payStatements.userId, userId)))
      .limit(1);
    const line = (statement?.lines as StatementLine[] | undefined)?.[lineIndex];
    if (!line) throw new PayQuestionError("notFound");
    const [question] = await tx
      .insert(payQuestions)
      .values({ statementId, lineIndex, lineKind: line.kind, userId, body: body.trim() })
      .returning();
    return question!;
  });
}

/** The courier writes into their own open question. */
export async function addCourierQuestionMessage(userId: number, questionId: number, body: string) {
  await countCourierMessage(userId);
  return await transaction(async (tx) => {
    const [question] = await tx
      .select({ status: payQuestions.status })
      .from(payQuestions)
      .where(and(eq(payQuestions.id, questionId), eq(payQuestions.userId, userId)))
      .limit(1);
    if (!question) throw new PayQuestionError("notFound");
    if (question.status !== "open") throw new PayQuestionError("closed");
    const [message] = await tx
      .insert(payQuestionMessages)
      .values({ questionId, authorId: userId, fromAdmin: false, body: body.trim() })
      .returning();
    return message!;
  });
}

/** The courier's questions, newest first, each with its thread (admins appear as the team, not by name). */
export async function listOwnQuestions(userId: number) {
  const rows = await db()
    .select()
    .from(payQuestions)
    .where(eq(payQuestions.userId, userId))
    .orderBy(desc(payQuestions.id));
  const messages = await messagesOf(rows.map((q) => q.id));
  return rows.map((q) => ({
    id: q.id,
    statementId: q.statementId,
    lineIndex: q.lineIndex,
    lineKind: q.lineKind,
    status: q.status,
    createdAt: q.createdAt,
    resolvedAt: q.resolvedAt,
    thread: threadOf(q, messages.get(q.id) ?? []),
  }));
}

/** Every question for the admins: open ones first, then newest first; with the courier, week and line. */
export async function listPayQuestions(limit = 200) {
  const rows = await db()
    .select({
      question: payQuestions,
      email: users.email,
      fullName: users.fullName,
      week: payStatements.weekStart,
      lines: payStatements.lines,
    })
    .from(payQuestions)
    .innerJoin(users, eq(users.id, payQuestions.userId))
    .innerJoin(payStatements, eq(payStatements.id, payQuestions.statementId))
    .orderBy(desc(eq(payQuestions.status, "open")), desc(payQuestions.createdAt), desc(payQuestions.id))
    .limit(limit);
  const messages = await messagesOf(rows.map((r) => r.question.id));
  return rows.map(({ question, email, fullName, week, lines }) => {
    const stored = messages.get(question.id) ?? [];
    const authors = new Map(stored.map((m) => [`message-${m.id}`, m.authorEmail]));
    return {
      id: question.id,
      userId: question.userId,
      email,
      fullName,
      week,
      status: question.status,
      createdAt: question.createdAt,
      line: (lines as StatementLine[])[question.lineIndex] ?? null,
      thread: threadOf(question, stored).map((m) => ({ ...m, authorEmail: authors.get(m.key) ?? null })),
    };
  });
}

/** An admin's reply: the message, its audit entry and the courier's e-mail (queued) in one transaction. */
export async function replyToPayQuestion(adminId: number, questionId: number, body: string) {
  const text = body.trim();
  await transaction(async (tx) => {
    const [question] = await tx.select().from(payQuestions).where(eq(payQuestions.id, questionId)).limit(1);
    if (!question) throw new PayQuestionError("notFound");
    const [message] = await tx
      .insert(payQuestionMessages)
      .values({ questionId, authorId: adminId, fromAdmin: true, body: text })
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: "pay_question.reply",
      entityType: "pay_question",
      entityId: questionId,
      subjectUserId: question.userId,
      after: { messageId: message!.id, body: text },
    });
    await notifyUser(tx, question.userId, "payQuestionReplied", { reply: text }, "/dashboard/pay#questions");
  });
}

/** An admin closes a question (audited); a closed question takes no more messages. */
export async function resolvePayQuestion(adminId: number, questionId: number) {
  await transaction(async (tx) => {
    const [question] = await forUpdate(tx.select().from(payQuestions).where(eq(payQuestions.id, questionId)).limit(1));
    if (!question) throw new PayQuestionError("notFound");
    if (question.status === "resolved") throw new PayQuestionError("alreadyResolved");
    await tx
      .update(payQuestions)
      .set({ status: "resolved", resolvedById: adminId, resolvedAt: new Date() })
      .where(eq(payQuestions.id, questionId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "pay_question.resolve",
      entityType: "pay_question",
      entityId: questionId,
      subjectUserId: question.userId,
      before: { status: "open" },
      after: { status: "resolved" },
    });
  });
}
