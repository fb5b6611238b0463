import { expect, test } from "bun:test";
import { RATE_LIMITS } from "~/domain/rules";
import { rateLimits, usedCaptchas } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { scheduledJobs } from "~/services/jobs.server";
import { acceptCaptchaOnce, deleteExpiredLimits, hit, reset } from "./limits.server";

test("a limit allows its quota per window, then answers with Retry-After, then a new window opens", async () => {
  const subject = `ip-${Math.random()}`;
  const now = 1_000_000;
  const { limit, windowSeconds } = RATE_LIMITS.register;
  for (let i = 0; i < limit; i++) expect((await hit("register", subject, now)).ok).toBe(true);
  const refused = await hit("register", subject, now + 1000);
  expect(refused).toEqual({ ok: false, retryAfterSeconds: windowSeconds - 1 });
  expect((await hit("register", subject, now + windowSeconds * 1000)).ok).toBe(true);
  await reset("register", subject);
  expect((await hit("register", subject, now)).ok).toBe(true);
});

test("the expired-limits job drops windows and captchas that have run out, and keeps the rest", async () => {
  const now = 5_000_000;
  const { windowSeconds } = RATE_LIMITS.loginIp;
  await hit("loginIp", "old-window", now);
  await hit("loginIp", "live-window", now + windowSeconds * 1000);
  expect(await acceptCaptchaOnce("old-captcha", new Date(now + 1000), now)).toBe(true);
  expect(await acceptCaptchaOnce("live-captcha", new Date(now + windowSeconds * 2000), now)).toBe(true);
  const job = scheduledJobs.find((j) => j.name === "expired-limits")!;
  expect(job.everyMs).toBe(60 * 60 * 1000);
  await deleteExpiredLimits(now + windowSeconds * 1000 + 1);
  const keys = (await writerForTests().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
  expect([keys.includes("loginIp:old-window"), keys.includes("loginIp:live-window")]).toEqual([false, true]);
  const captchas = (await writerForTests().select({ hash: usedCaptchas.hash }).from(usedCaptchas)).map((r) => r.hash);
  expect([captchas.includes("old-captcha"), captchas.includes("live-captcha")]).toEqual([false, true]);
});
