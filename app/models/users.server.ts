import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import type { Language } from "~/domain/rules";
import { db } from "~/lib/db.server";

export type User = typeof users.$inferSelect;
/** What the session layer and the UI may know about a user: never the password hash. */
export type SessionUser = Pick<User, "id" | "email" | "role" | "status" | "language" | "fullName" | "createdAt">;

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

export function findUserByEmail(email: string) {
  return db().select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

export function findUserById(id: number) {
  return db().select().from(users).where(eq(users.id, id)).get();
}

export function saveUserLanguage(userId: number, language: Language) {
  db().update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId)).run();
}
