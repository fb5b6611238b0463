import { eq } from "drizzle-orm";
import { referralLinks, statusHistory, users } from "~db/schema";
import { nextStatus } from "~/domain/status";
import type { Language } from "~/domain/rules";
import { transaction } from "~/infra/db.server";
import { isUniqueViolation } from "~/infra/sql-dialect.server";
import { recordLegalConsents, type ShownVersions } from "./legal-documents.server";
import { queueMail, type OutgoingMail } from "./outbox.server";
import { applyUserEvent } from "./status.server";
import { destroyUserSessions } from "./sessions.server";
import { checkToken, consumeToken, issueToken } from "./tokens.server";
import { findUserByEmail, findUserById, normalizeEmail, type User } from "./users.server";

/** Production hashing: argon2id with Bun's defaults (64 MiB, t=2). */
export function hashPassword(password: string) {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

let dummyHash: Promise<string> | undefined;
/** Unknown e-mails are checked against this hash so they take as long as a wrong password. */
function dummyPasswordHash() {
  dummyHash ??= hashPassword(`no-such-user-${crypto.randomUUID()}`);
  return dummyHash;
}

export type RegisterResult = { ok: true; user: User; activationToken: string } | { ok: false; reason: "emailTaken" };

/**
 * Creates an account in status `created_account` with its activation token, in one transaction.
 * An unknown referral code is ignored, not an error. `activationMail` composes the e-mail, queued in
 * the same transaction: an account never exists without its mail.
 */
export async function registerAccount(
  input: {
    email: string;
    password: string;
    language: Language;
    referralCode?: string | null;
    /** The legal texts the registration form showed, in the page's language (docs/security.md, Privacy). */
    legalShown?: { language: Language; versions: Partial<ShownVersions> };
  },
  activationMail?: (user: User, token: string) => OutgoingMail,
): Promise<RegisterResult> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(email)) return { ok: false, reason: "emailTaken" };
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(async (tx) => {
      // Checked again inside the transaction: another request may have registered while we hashed.
      if (await findUserByEmail(email, tx)) return { ok: false, reason: "emailTaken" } as const;
      const code = input.referralCode?.trim();
      const [referral] = code
        ? await tx.select({ id: referralLinks.id }).from(referralLinks).where(eq(referralLinks.code, code)).limit(1)
        : [];
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          language: input.language,
          status: "created_account",
          referralLinkId: referral?.id ?? null,
        })
        .returning();
      await tx
        .insert(statusHistory)
        .values({ userId: user!.id, fromStatus: null, toStatus: "created_account", reason: "registration" });
      await recordLegalConsents(tx, {
        userId: user!.id,
        language: input.legalShown?.language ?? input.language,
        shown: input.legalShown?.versions ?? {},
        source: "registration",
      });
      const activationToken = await issueToken(user!.id, "activation", Date.now(), tx);
      if (activationMail) await queueMail(tx, activationMail(user!, activationToken));
      return { ok: true, user: user!, activationToken } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}

export type ActivationResult =
  | { state: "activated"; userId: number; issuedAt: Date }
  | { state: "used" | "expired" | "unknown" };

/** Uses an activation token once: marks it used and applies the status event "activate" together. */
export async function activateAccount(token: string, now = Date.now()): Promise<ActivationResult> {
  return transaction(async (tx): Promise<ActivationResult> => {
    const check = await checkToken(token, "activation", now, tx);
    if (check.state !== "valid") return check;
    if (!(await consumeToken(tx, check.id, now))) return { state: "used" };
    const user = await findUserById(check.userId, tx);
    // An account already past `created_account` (e.g. made an admin meanwhile) just keeps its status.
    if (user && nextStatus(user.status, "activate"))
      await applyUserEvent(tx, check.userId, "activate", { reason: "e-mail confirmed" });
    return { state: "activated", userId: check.userId, issuedAt: check.issuedAt };
  });
}

export type CredentialsResult =
  | { ok: true; user: User }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "notActivated" | "deactivated"; user: User };

/**
 * Checks an e-mail and password. Unknown e-mail and wrong password give the same answer after the
 * same work; an account's state is revealed only to someone who knows its password.
 */
export async function verifyCredentials(email: string, password: string): Promise<CredentialsResult> {
  const user = await findUserByEmail(email);
  const matches = await Bun.password
    .verify(password, user?.passwordHash ?? (await dummyPasswordHash()))
    .catch(() => false);
  if (!user || !matches) return { ok: false, reason: "invalid" };
  if (!user.active) return { ok: false, reason: "deactivated", user };
  if (user.status === "created_account") return { ok: false, reason: "notActivated", user };
  return { ok: true, user };
}

/** A fresh activation token for an account that still needs one; null otherwise. */
export async function newActivationToken(email: string) {
  const user = await findUserByEmail(email);
  if (!user || !user.active || user.status !== "created_account") return null;
  return { user, token: await issueToken(user.id, "activation") };
}

/** A password-reset token for an existing, not deactivated account; null otherwise. */
export async function newPasswordResetToken(email: string) {
  const user = await findUserByEmail(email);
  if (!user || !user.active) return null;
  return { user, token: await issueToken(user.id, "password_reset") };
}

export async function passwordResetTokenState(token: string, now = Date.now()) {
  return (await checkToken(token, "password_reset", now)).state;
}

export type ResetResult = { ok: true; userId: number } | { ok: false; state: "used" | "expired" | "unknown" };

/** Sets a new password with a reset token (single use) and ends every session of that user. */
export async function resetPassword(token: string, password: string, now = Date.now()): Promise<ResetResult> {
  const first = await checkToken(token, "password_reset", now);
  // Not worth an argon2 hash when the token is already no good.
  if (first.state !== "valid") return { ok: false, state: first.state };
  const passwordHash = await hashPassword(password);
  const result = await transaction(async (tx): Promise<ResetResult> => {
    // Checked again: the token may have been used while the new password was being hashed.
    const check = await checkToken(token, "password_reset", now, tx);
    if (check.state !== "valid") return { ok: false, state: check.state };
    if (!(await consumeToken(tx, check.id, now))) return { ok: false, state: "used" };
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, check.userId));
    return { ok: true, userId: check.userId };
  });
  if (result.ok) await destroyUserSessions(result.userId);
  return result;
}
