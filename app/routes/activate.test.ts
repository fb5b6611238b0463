import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { ACTIVATION_LOGIN_MINUTES } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { registerAccount } from "~/models/accounts.server";
import { issueToken } from "~/models/tokens.server";
import { getUserRow } from "../../tests/factories";
import { call } from "../../tests/route-harness";
import * as activatePage from "./activate";
import * as dashboard from "./dashboard";

const STRONG = "Courier-Activate-7!";

async function registered() {
  const email = `activate-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const result = await registerAccount({ email, password: STRONG, language: "ua" });
  if (!result.ok) throw new Error("not registered");
  return { user: result.user, token: result.activationToken };
}

const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => /^(__Host-)?cf_session=/.test(c));

describe("activating from the e-mail (docs/security.md)", () => {
  test("a fresh link activates and logs the courier in, straight to the dashboard", async () => {
    const { user, token } = await registered();
    const res = await call(activatePage.loader, `/activate/${token}`, { params: { token } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeTruthy();
    expect((await getUserRow(user.id))?.status).toBe("confirmed_account");
    // The session works.
    expect((await call(dashboard.loader, "/dashboard", { cookie })).status).toBe(200);
    // The link works once: opened again it logs nobody in.
    const again = await call(activatePage.loader, `/activate/${token}`, { params: { token } });
    expect(again.status).toBe(200);
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(((await again.json()) as { state: string }).state).toBe("used");
  });

  test("an old link still activates, but asks for the password", async () => {
    const { user } = await registered();
    const old = await issueToken(user.id, "activation", Date.now() - (ACTIVATION_LOGIN_MINUTES + 1) * 60_000);
    const res = await call(activatePage.loader, `/activate/${old}`, { params: { token: old } });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(((await res.json()) as { state: string }).state).toBe("activated");
    expect((await getUserRow(user.id))?.status).toBe("confirmed_account");
  });

  test("an account made admin meanwhile is activated but not logged in: admins log in with the second factor", async () => {
    const { user, token } = await registered();
    await writerForTests().update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    const res = await call(activatePage.loader, `/activate/${token}`, { params: { token } });
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});
