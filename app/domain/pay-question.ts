/**
 * A courier's question on a statement line (docs/pay.md): the same kind of thread as a problem
 * report (app/domain/report-thread.ts), so the forms and the limits are the same.
 */
import { z } from "zod";
import { REPORT_MESSAGE_MAX } from "./report-thread";
import { multiLineText } from "./text";

const body = multiLineText({ error: "questions.errors.messageRequired" })
  .trim()
  .min(1, { error: "questions.errors.messageRequired" })
  .max(REPORT_MESSAGE_MAX, { error: "questions.errors.tooLong" });
const id = z.coerce
  .number({ error: "questions.errors.notFound" })
  .int()
  .positive({ error: "questions.errors.notFound" });

/** The forms of the courier's Pay page, one schema each; messages are keys of the `pay` namespace. */
export const payQuestionSchema = z.object({
  statementId: id,
  lineIndex: z.coerce.number({ error: "questions.errors.notFound" }).int().min(0),
  body,
});
export const payQuestionReplySchema = z.object({ questionId: id, body });

/** The translation key of a refused question or reply: the schema's own keys are in `pay`, the text rule's carry their namespace. */
export function questionErrorKey(message: string | undefined) {
  if (!message) return "pay:questions.errors.messageRequired";
  return message.includes(":") ? message : `pay:${message}`;
}
