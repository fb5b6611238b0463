/**
 * Where a courier's pay goes (docs/pay.md). The holder's name is compared with the application's
 * full name; a mismatch is stored and shown to the admin, never refused (a spouse's account is allowed).
 * Whether the password was checked is the service's job (app/services/bank-details.server.ts).
 */
import { queueMail, type OutgoingMail } from "./outbox.server";
import { desc, eq } from "drizzle-orm";
import { applications, bankAccounts, users } from "~db/schema";
import { compareHolderName, maskIban, type BankDetails } from "~/domain/bank-details";
import { db, transaction } from "~/infra/db.server";
import { recordAudit } from "./audit.server";

export type BankAccount = typeof bankAccounts.$inferSelect;

export async function getBankAccount(userId: number): Promise<BankAccount | null> {
  const [row] = await db().select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Saves the courier's bank details (insert or replace) with `changed_at` and an audit entry whose IBANs
 * are masked, in one transaction. Returns what was there before (null the first time) and whether
 * anything changed; saving the same details again writes nothing.
 */
export async function saveBankAccount(
  userId: number,
  details: BankDetails,
  now = new Date(),
  changeMail?: (before: { iban: string }, after: { iban: string }) => OutgoingMail,
) {
  return await transaction(async (tx) => {
    const [before] = await tx.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).limit(1);
    const [user] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId)).limit(1);
    const [application] = await tx
      .select({ fullName: applications.fullName })
      .from(applications)
      .where(eq(applications.userId, userId))
      .orderBy(desc(applications.id))
      .limit(1);
    const applicationName = application?.fullName ?? user?.fullName ?? "";
    const holderMismatch = compareHolderName(details.accountHolder, applicationName) === "mismatch";
    if (before && before.iban === details.iban && before.holder === details.accountHolder)
      return { before, after: before, changed: false };
    const values = { iban: details.iban, holder: details.accountHolder, holderMismatch, changedAt: now };
    const [after] = await tx
      .insert(bankAccounts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: bankAccounts.userId, set: values })
      .returning();
    await recordAudit(tx, {
      actorId: userId,
      action: "bank_account.change",
      entityType: "bank_account",
      entityId: userId,
      subjectUserId: userId,
      before: before
        ? { iban: maskIban(before.iban), holder: before.holder, holderMismatch: before.holderMismatch }
        : null,
      after: { iban: maskIban(details.iban), holder: details.accountHolder, holderMismatch },
    });
    // The owner hears of a changed payout account with the change itself: committed together or not at all.
    if (before && changeMail) await queueMail(tx, changeMail(before, after!));
    return { before: before ?? null, after: after!, changed: true };
  });
}
