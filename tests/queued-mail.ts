/**
 * What the outbox holds for a recipient: every e-mail is a row written in the transaction that causes
 * it, so "nothing was sent" is a question for this table, answered without waiting for the sender.
 */
import { and, asc, eq } from "drizzle-orm";
import { outbox } from "~db/schema";
import { writerForTests } from "~/infra/db.server";

/** The recipient's queued and sent e-mails, oldest first; only those of `kind` when given. */
export async function queuedMail(recipient: string, kind?: string) {
  return await writerForTests()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), kind ? eq(outbox.kind, kind) : undefined))
    .orderBy(asc(outbox.id));
}
