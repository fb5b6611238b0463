import { expect, test } from "bun:test";
import { RATE_LIMITS } from "~/domain/rules";
import { hit, reset } from "./limits.server";

test("a limit allows its quota per window, then answers with Retry-After, then a new window opens", () => {
  const subject = `ip-${Math.random()}`;
  const now = 1_000_000;
  const { limit, windowSeconds } = RATE_LIMITS.register;
  for (let i = 0; i < limit; i++) expect(hit("register", subject, now).ok).toBe(true);
  const refused = hit("register", subject, now + 1000);
  expect(refused).toEqual({ ok: false, retryAfterSeconds: windowSeconds - 1 });
  expect(hit("register", subject, now + windowSeconds * 1000).ok).toBe(true);
  reset("register", subject);
  expect(hit("register", subject, now).ok).toBe(true);
});
