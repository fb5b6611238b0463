import { eq } from "drizzle-orm";
import { applicationDrafts } from "~db/schema";
import { isEmptyDraft, type ApplicationDraft } from "~/domain/application-draft";
import { db, writeTransaction } from "~/infra/db.server";

/** Keeps what the courier typed into the job application (one draft per user; the newest wins). */
export function saveApplicationDraft(userId: number, fields: ApplicationDraft) {
  writeTransaction((tx) => {
    if (isEmptyDraft(fields)) {
      tx.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId)).run();
      return;
    }
    const updatedAt = new Date();
    tx.insert(applicationDrafts)
      .values({ userId, fields, updatedAt })
      .onConflictDoUpdate({ target: applicationDrafts.userId, set: { fields, updatedAt } })
      .run();
  });
}

/** The user's application draft, or null. */
export function getApplicationDraft(userId: number): ApplicationDraft | null {
  return db().select({ fields: applicationDrafts.fields }).from(applicationDrafts).where(eq(applicationDrafts.userId, userId)).get()?.fields ?? null;
}
