import { and, count, desc, eq, gt, like, lt, ne, sql } from "drizzle-orm";
import { sessions, users } from "~db/schema";
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from "~/domain/rules";
import { PENDING_SECOND_FACTOR_MINUTES } from "~/domain/second-factor";
import { randomToken, sha256 } from "~/infra/crypto.server";
import { db, preparedQuery, transaction } from "~/infra/db.server";
import { forgetPushOfSessions } from "./push.server";
import { sessionUserColumns, type SessionUser } from "./users.server";

const DAY = 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL = 5 * 60 * 1000;

type SessionMeta = { ip?: string; userAgent?: string | null; secondFactorPending?: boolean };

export async function createSession(userId: number, meta: SessionMeta = {}) {
  const id = randomToken();
  const now = Date.now();
  const lifetime = meta.secondFactorPending ? PENDING_SECOND_FACTOR_MINUTES * 60 * 1000 : SESSION_ABSOLUTE_DAYS * DAY;
  await transaction((tx) =>
    tx.insert(sessions).values({
      idHash: sha256(id),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + lifetime),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      secondFactorPending: meta.secondFactorPending ?? false,
    }),
  );
  return id;
}

export type FoundSession = { user: SessionUser; sessionIdHash: string; secondFactorPending: boolean };

// Every logged-in request runs this: built once (db.server.ts, preparedQuery).
const sessionUserByHash = preparedQuery((connection) =>
  connection
    .select({
      ...sessionUserColumns,
      active: users.active,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      secondFactorPending: sessions.secondFactorPending,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .prepare(),
);

/** The user behind a session id, or null when it is unknown, expired, idle too long or deactivated. */
export async function findSessionUser(id: string): Promise<FoundSession | null> {
  const idHash = sha256(id);
  const now = Date.now();
  const [row] = await sessionUserByHash().execute({ idHash });
  if (!row) return null;
  if (!row.active || row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_DAYS * DAY <= now) {
    await destroySessionByHash(idHash);
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL) {
    await transaction((tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.idHash, idHash)),
    );
  }
  const { active: _active, lastSeenAt: _seen, expiresAt: _expires, secondFactorPending, ...user } = row;
  return { user, sessionIdHash: idHash, secondFactorPending };
}

export async function destroySession(id: string) {
  await destroySessionByHash(sha256(id));
}

/** Log-out: the session ends, and the phone notices it turned on stop with it. */
export async function logOutSession(id: string) {
  const idHash = sha256(id);
  await transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.idHash, idHash));
    await forgetPushOfSessions(tx, [idHash]);
  });
}

export async function destroySessionByHash(idHash: string) {
  await transaction((tx) => tx.delete(sessions).where(eq(sessions.idHash, idHash)));
}

/** Ends every session of a user, optionally keeping one (the one making the change). */
export async function destroyUserSessions(userId: number, exceptIdHash?: string) {
  const where = exceptIdHash
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
    : eq(sessions.userId, userId);
  // Ended from elsewhere (a new password, "end all others"): their phones' notices stop too.
  await transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(where).returning({ idHash: sessions.idHash });
    await forgetPushOfSessions(
      tx,
      ended.map((row) => row.idHash),
    );
  });
}

export async function destroyUserSessionsByEmail(email: string) {
  const [user] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (user) await destroyUserSessions(user.id);
}

export async function deleteExpiredSessions(now = Date.now()) {
  await transaction(async (tx) => {
    await tx.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
    await tx.delete(sessions).where(lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_DAYS * DAY)));
  });
}

export async function countUserSessions(userId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return row?.n ?? 0;
}

/** The public handle of a session on the sessions page: a prefix of its hash, never the cookie's id. */
export function sessionHandle(idHash: string) {
  return idHash.slice(0, 16);
}

export type SessionListItem = {
  handle: string;
  current: boolean;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
  secondFactorPending: boolean;
};

/** The user's live sessions, the current one first, then the most recently used. */
export async function listUserSessions(userId: number, currentIdHash: string): Promise<SessionListItem[]> {
  const rows = await db()
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      secondFactorPending: sessions.secondFactorPending,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows
    .map(({ idHash, ...row }) => ({ ...row, handle: sessionHandle(idHash), current: idHash === currentIdHash }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the user's own sessions by its handle; false when no such session of theirs exists. */
export async function destroyUserSessionByHandle(userId: number, handle: string) {
  if (!/^[0-9a-f]{16}$/.test(handle)) return false;
  const deleted = await transaction((tx) =>
    tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), like(sessions.idHash, `${handle}%`)))
      .returning({ idHash: sessions.idHash }),
  );
  return deleted.length > 0;
}
