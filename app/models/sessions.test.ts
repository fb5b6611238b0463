import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "~db/schema";
import { SESSION_IDLE_DAYS } from "~/domain/rules";
import { sha256 } from "~/infra/crypto.server";
import { writerForTests } from "~/infra/db.server";
import { createUser } from "../../tests/factories";
import { createSession, destroyUserSessions, findSessionUser } from "./sessions.server";

const DAY = 24 * 60 * 60 * 1000;

describe("sessions (docs/security.md)", () => {
  test("the database keeps only a hash of the session id", async () => {
    const user = await createUser();
    const id = await createSession(user.id);
    expect((await writerForTests().select().from(sessions).where(eq(sessions.idHash, id)))[0]).toBeUndefined();
    expect((await findSessionUser(id))?.user.id).toBe(user.id);
    expect((await findSessionUser(id))?.user).not.toHaveProperty("passwordHash");
  });

  test("a deactivated user's open session stops working at once", async () => {
    const user = await createUser();
    const id = await createSession(user.id);
    await writerForTests().update(users).set({ active: false }).where(eq(users.id, user.id));
    expect(await findSessionUser(id)).toBeNull();
  });

  test("idle and absolute expiry", async () => {
    const user = await createUser();
    const idle = await createSession(user.id);
    await writerForTests()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (SESSION_IDLE_DAYS + 1) * DAY) })
      .where(eq(sessions.idHash, sha256(idle)));
    expect(await findSessionUser(idle)).toBeNull();
    const old = await createSession(user.id);
    await writerForTests()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sha256(old)));
    expect(await findSessionUser(old)).toBeNull();
  });

  test("ending all sessions of a user can keep the current one", async () => {
    const user = await createUser();
    const a = await createSession(user.id);
    const b = await createSession(user.id);
    await destroyUserSessions(user.id, sha256(a));
    expect(await findSessionUser(a)).not.toBeNull();
    expect(await findSessionUser(b)).toBeNull();
  });
});
