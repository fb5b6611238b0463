import { beforeAll, describe, expect } from "bun:test";
import { RATE_LIMITS } from "~/domain/rules";
import { hit, reset, type LimitName } from "~/models/limits.server";
import { createUser, enrolSecondFactor, sessionCookieHeader } from "../factories";
import { preparePipeline, send, test } from "../pipeline-harness";

beforeAll(preparePipeline, 120_000);

/**
 * Through the whole pipeline: a form post past a limit answers 429 with
 * `Retry-After`, as the JSON API does. (The route harness sees the action's headers directly; only
 * the document answer of the pipeline shows whether they reach the browser.)
 */
async function exhaust(name: LimitName, subject: string) {
  for (let i = 0; i <= RATE_LIMITS[name].limit; i++) await hit(name, subject);
}

const doors: { path: string; limit: LimitName; form: Record<string, string> }[] = [
  { path: "/auth/login", limit: "loginIp", form: { email: "nobody@example.com", password: "Wrong-Pass-1!" } },
  { path: "/auth/register", limit: "register", form: { email: "new@example.com", password: "Courier-Limit-7!" } },
  { path: "/auth/forgot", limit: "forgotPassword", form: { email: "nobody@example.com" } },
  { path: "/auth/resend", limit: "resendActivation", form: { email: "nobody@example.com" } },
  { path: "/?index", limit: "assistant", form: { question: "Kedy je výplata?" } },
];

describe("form posts past a limit carry Retry-After", () => {
  doors.forEach((door, index) => {
    test(`${door.path}: 429 with Retry-After`, async () => {
      const address = `10.27.2.${index + 1}`;
      await exhaust(door.limit, address);
      try {
        // The home page's no-JS assistant form is checked as a document post only.
        for (const target of door.path.includes("?") ? [door.path] : [door.path, `${door.path}.data`]) {
          const res = await send(`${target}${target.includes("?") ? "&" : "?"}lng=en`, {
            sameOrigin: true,
            ip: address,
            form: door.form,
          });
          expect(res.status, target).toBe(429);
          expect(Number(res.headers.get("retry-after")), target).toBeGreaterThan(0);
        }
      } finally {
        await reset(door.limit, address);
      }
    });
  });

  test("/auth/second-factor: 429 with Retry-After", async () => {
    const admin = await createUser({ role: "admin" });
    await enrolSecondFactor(admin.id);
    const cookie = await sessionCookieHeader(admin.id, { secondFactorPending: true });
    await exhaust("secondFactor", String(admin.id));
    const res = await send("/auth/second-factor?lng=en", {
      sameOrigin: true,
      cookie,
      form: { intent: "verify", code: "123456" },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("the Pay page's bank form past the log-in limit", () => {
  test("/dashboard/pay: 429 with Retry-After", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Jana Nováková" });
    const cookie = await sessionCookieHeader(courier.id);
    await exhaust("loginAccountFailures", courier.email);
    try {
      for (const target of ["/dashboard/pay", "/dashboard/pay.data"]) {
        const res = await send(`${target}?lng=en`, {
          sameOrigin: true,
          cookie,
          form: {
            intent: "bank",
            iban: "SK3112000000198742637541",
            accountHolder: "Jana Nováková",
            password: "Wrong-Pass-1!",
          },
        });
        expect(res.status, target).toBe(429);
        expect(Number(res.headers.get("retry-after")), target).toBeGreaterThan(0);
      }
    } finally {
      await reset("loginAccountFailures", courier.email);
    }
  });
});
