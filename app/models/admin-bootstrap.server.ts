import { eq } from "drizzle-orm";
import { statusHistory, users } from "~db/schema";
import { transaction } from "~/infra/db.server";
import { findUserByEmail, normalizeEmail } from "./users.server";
import { destroyUserSessions } from "./sessions.server";

/** With ADMIN_EMAIL and ADMIN_PASSWORD set, that admin exists afterwards. Idempotent. */
export async function ensureAdmin(email: string, password: string) {
  const normalized = normalizeEmail(email);
  const existing = await findUserByEmail(normalized);
  if (
    existing &&
    existing.role === "admin" &&
    existing.active &&
    (await Bun.password.verify(password, existing.passwordHash))
  ) {
    return { created: false, changed: false };
  }
  const passwordHash = await Bun.password.hash(password, { algorithm: "argon2id" });
  await transaction(async (tx) => {
    if (existing) {
      await tx
        .update(users)
        .set({
          passwordHash,
          role: "admin",
          active: true,
          status: existing.status === "created_account" ? "confirmed_account" : existing.status,
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
    } else {
      const [row] = await tx
        .insert(users)
        .values({ email: normalized, passwordHash, role: "admin", status: "confirmed_account", active: true })
        .returning({ id: users.id });
      await tx
        .insert(statusHistory)
        .values({ userId: row!.id, fromStatus: null, toStatus: "confirmed_account", reason: "admin bootstrap" });
    }
  });
  // A changed password or role invalidates every open session of that account.
  if (existing) await destroyUserSessions(existing.id);
  return { created: !existing, changed: Boolean(existing) };
}
