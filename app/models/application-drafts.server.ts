import { eq } from "drizzle-orm";
import { applicationDrafts } from "~db/schema";
import { isEmptyDraft, type ApplicationDraft } from "~/domain/application-draft";
import { db, transaction } from "~/infra/db.server";

/** Keeps what the courier typed into the job application (one draft per user; the newest wins). */
export async function saveApplicationDraft(userId: number, fields: ApplicationDraft) {
  await transaction(async (tx) => {
    if (isEmptyDraft(fields)) {
      await tx.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId));
      return;
    }
    const updatedAt = new Date();
    await tx
      .insert(applicationDrafts)
      .values({ userId, fields, updatedAt })
      .onConflictDoUpdate({ target: applicationDrafts.userId, set: { fields, updatedAt } });
  });
}

/** The user's application draft, or null. */
export async function getApplicationDraft(userId: number): Promise<ApplicationDraft | null> {
  const [row] = await db()
    .select({ fields: applicationDrafts.fields })
    .from(applicationDrafts)
    .where(eq(applicationDrafts.userId, userId))
    .limit(1);
  return row?.fields ?? null;
}
