import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import type { Language } from "~/domain/rules";
import { db, transaction, type Database } from "~/infra/db.server";

export type User = typeof users.$inferSelect;
export type { SessionUser } from "~/domain/user";

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  status: users.status,
  language: users.language,
  fullName: users.fullName,
  createdAt: users.createdAt,
};

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, q: Database = db()): Promise<User | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(id: number, q: Database = db()): Promise<User | undefined> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function saveUserLanguage(userId: number, language: Language) {
  await transaction((tx) => tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId)));
}
