/**
 * A recruiting day: thirty people register on one Wi-Fi (one address) within the hour. Bots are held by
 * the captcha's proof of work and by the per-address and per-e-mail limits, not by turning away the sixth person.
 */
import { describe, expect, test } from "bun:test";
import { RATE_LIMITS } from "~/domain/rules";
import * as registerApi from "~/routes/api/auth.register";
import * as registerForm from "~/routes/auth/register";
import { call } from "../../tests/route-harness";

const STRONG = "Courier-Recruit-7!";
const stamp = Date.now().toString(36);

describe("registration limits (docs/security.md, Abuse limits)", () => {
  test("thirty people register from one address within the hour", async () => {
    const ip = "10.41.0.1";
    for (let i = 0; i < 30; i++) {
      const res = await call(
        i % 2 ? registerApi.action : registerForm.action,
        i % 2 ? "/api/auth/register" : "/auth/register",
        {
          ...(i % 2
            ? { json: { email: `recruit-${stamp}-${i}@example.com`, password: STRONG, captchaToken: "" } }
            : { form: { email: `recruit-${stamp}-${i}@example.com`, password: STRONG } }),
          ip,
        },
      );
      expect({ person: i + 1, status: res.status }).toEqual({ person: i + 1, status: 201 });
    }
    expect(RATE_LIMITS.register.limit / (RATE_LIMITS.register.windowSeconds / 3600)).toBeGreaterThanOrEqual(30);
  }, 60_000);

  test("one e-mail address tried again and again is held, from any address", async () => {
    const email = `again-${stamp}@example.com`;
    const statuses = [];
    for (let i = 0; i <= RATE_LIMITS.registerEmail.limit; i++) {
      const res = await call(registerApi.action, "/api/auth/register?lng=en", {
        json: { email, password: STRONG, captchaToken: "" },
        ip: `10.42.0.${i + 1}`,
      });
      statuses.push(res.status);
    }
    // The first creates the account, the next are "e-mail taken", the one past the limit is 429.
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1, -1).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});
