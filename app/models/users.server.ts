import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import type { Language } from "~/domain/rules";
import { db } from "~/infra/db.server";

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

export function findUserByEmail(email: string) {
  return db().select().from(users).where(eq(users.email, normalizeEmail(email))).get();
}

export function findUserById(id: number) {
  return db().select().from(users).where(eq(users.id, id)).get();
}

export function saveUserLanguage(userId: number, language: Language) {
  db().update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId)).run();
}
