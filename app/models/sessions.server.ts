import { and, eq, gt, lt, ne } from "drizzle-orm";
import { sessions, users } from "~db/schema";
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from "~/domain/rules";
import { randomToken, sha256 } from "~/lib/crypto.server";
import { db } from "~/lib/db.server";
import { sessionUserColumns, type SessionUser } from "./users.server";

const DAY = 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL = 5 * 60 * 1000;

export function createSession(userId: number, meta: { ip?: string; userAgent?: string | null } = {}) {
  const id = randomToken();
  const now = Date.now();
  db()
    .insert(sessions)
    .values({
      idHash: sha256(id),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_ABSOLUTE_DAYS * DAY),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .run();
  return id;
}

/** The user behind a session id, or null when it is unknown, expired, idle too long or deactivated. */
export function findSessionUser(id: string): { user: SessionUser; sessionIdHash: string } | null {
  const idHash = sha256(id);
  const now = Date.now();
  const row = db()
    .select({ ...sessionUserColumns, active: users.active, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .get();
  if (!row) return null;
  if (!row.active || row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_DAYS * DAY <= now) {
    db().delete(sessions).where(eq(sessions.idHash, idHash)).run();
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL) {
    db().update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, idHash)).run();
  }
  const { active: _active, lastSeenAt: _seen, expiresAt: _expires, ...user } = row;
  return { user, sessionIdHash: idHash };
}

export function destroySession(id: string) {
  db().delete(sessions).where(eq(sessions.idHash, sha256(id))).run();
}

export function destroySessionByHash(idHash: string) {
  db().delete(sessions).where(eq(sessions.idHash, idHash)).run();
}

/** Ends every session of a user, optionally keeping one (the one making the change). */
export function destroyUserSessions(userId: number, exceptIdHash?: string) {
  const where = exceptIdHash
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
    : eq(sessions.userId, userId);
  db().delete(sessions).where(where).run();
}

export function deleteExpiredSessions(now = Date.now()) {
  db().delete(sessions).where(lt(sessions.expiresAt, new Date(now))).run();
  db()
    .delete(sessions)
    .where(lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_DAYS * DAY)))
    .run();
}

export function countUserSessions(userId: number) {
  return db()
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .all().length;
}
