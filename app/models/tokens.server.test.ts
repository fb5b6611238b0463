import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { oneTimeTokens } from "~db/schema";
import { sha256 } from "~/infra/crypto.server";
import { transaction, writerForTests } from "~/infra/db.server";
import { createUser } from "../../tests/factories";
import { checkToken, consumeToken, issueToken, TOKEN_LIFETIME_MS, tokenExpiresAt } from "./tokens.server";

const HOUR = 60 * 60 * 1000;

describe("one-time tokens", () => {
  test("lifetimes: activation 48 hours, password reset 60 minutes", () => {
    expect(TOKEN_LIFETIME_MS.activation).toBe(48 * HOUR);
    expect(TOKEN_LIFETIME_MS.password_reset).toBe(HOUR);
    expect(tokenExpiresAt("password_reset", 0).getTime()).toBe(HOUR);
  });

  test("valid until its lifetime passes, then expired", async () => {
    const user = await createUser();
    const now = Date.now();
    const token = await issueToken(user.id, "password_reset", now);
    expect((await checkToken(token, "password_reset", now + HOUR - 1)).state).toBe("valid");
    expect((await checkToken(token, "password_reset", now + HOUR)).state).toBe("expired");
    const activation = await issueToken(user.id, "activation", now);
    expect((await checkToken(activation, "activation", now + 47 * HOUR)).state).toBe("valid");
    expect((await checkToken(activation, "activation", now + 48 * HOUR)).state).toBe("expired");
  });

  test("only the SHA-256 is stored, and a token of one purpose is unknown to the other", async () => {
    const user = await createUser();
    const token = await issueToken(user.id, "activation");
    const rows = await writerForTests().select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([sha256(token)]);
    expect((await checkToken(token, "password_reset")).state).toBe("unknown");
  });

  test("single use, and a newer token withdraws the older one", async () => {
    const user = await createUser();
    const first = await issueToken(user.id, "password_reset");
    const second = await issueToken(user.id, "password_reset");
    expect((await checkToken(first, "password_reset")).state).toBe("unknown");
    const check = await checkToken(second, "password_reset");
    if (check.state !== "valid") throw new Error("expected valid");
    expect(await transaction((tx) => consumeToken(tx, check.id))).toBe(true);
    expect(await transaction((tx) => consumeToken(tx, check.id))).toBe(false);
    expect((await checkToken(second, "password_reset")).state).toBe("used");
  });
});
