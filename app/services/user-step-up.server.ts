/**
 * The two user changes an admin confirms with their own second factor: another role, or erasure.
 * The cheap refusals come first (oneself, a missing user, a mistyped e-mail, the same role), so a
 * slip of the keyboard does not spend the admin's one-time code; only then is the code checked.
 */
import type { Role } from "~/domain/status";
import { AdminUserError, changeUserRole, eraseUser, getUserDetail } from "~/models/admin-users.server";
import { checkSecondFactor, type FlowFailure } from "./auth.server";

export type StepUpChange =
  | { intent: "role"; role: Role; code: string }
  | { intent: "erase"; confirmEmail: string; code: string };

/**
 * Makes the change, or returns why the second factor refused it (nothing changed).
 * Throws AdminUserError (self, notFound, eraseMismatch, roleUnchanged) before the code is looked at.
 */
export async function changeWithSecondFactor(
  adminId: number,
  userId: number,
  change: StepUpChange,
): Promise<FlowFailure | null> {
  if (userId === adminId) throw new AdminUserError("self");
  const target = await getUserDetail(userId);
  if (!target) throw new AdminUserError("notFound");
  if (change.intent === "erase" && target.user.email.toLowerCase() !== change.confirmEmail.toLowerCase())
    throw new AdminUserError("eraseMismatch");
  if (change.intent === "role" && target.user.role === change.role) throw new AdminUserError("roleUnchanged");
  const check = await checkSecondFactor(adminId, change.code);
  if (!check.ok)
    // The sign-in wording for "not enrolled" does not fit a step-up: it has its own.
    return check.error === "auth:secondFactor.enrolInBrowser"
      ? { ...check, error: "auth:secondFactor.stepUpNotEnrolled" }
      : check;
  if (change.intent === "erase") await eraseUser(adminId, userId);
  else await changeUserRole(adminId, userId, change.role);
  return null;
}
