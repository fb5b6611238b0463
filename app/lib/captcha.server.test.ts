import { afterEach, describe, expect, test } from "bun:test";
import { solveChallenge } from "altcha-lib/v1";
import { createAltchaChallenge, createFallbackChallenge, verifyCaptcha, verifyFallback } from "./captcha.server";
import { config } from "./config.server";

const captcha = config().captcha;
const ctx = { ip: "127.0.0.1", action: "login" as const };
afterEach(() => {
  captcha.provider = "off";
});

async function solvedToken() {
  const challenge = await createAltchaChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return btoa(JSON.stringify({ ...challenge, number: solution!.number }));
}

describe("ALTCHA", () => {
  test("a solved challenge passes once; a replay, a forgery and nothing at all fail", async () => {
    captcha.provider = "altcha";
    const token = await solvedToken();
    expect(await verifyCaptcha({ captchaToken: token }, ctx)).toBe(true);
    expect(await verifyCaptcha({ captchaToken: token }, ctx)).toBe(false);
    const forged = JSON.parse(atob(await solvedToken())) as { number: number };
    forged.number += 1;
    expect(await verifyCaptcha({ captchaToken: btoa(JSON.stringify(forged)) }, ctx)).toBe(false);
    expect(await verifyCaptcha({ captchaToken: "garbage" }, ctx)).toBe(false);
    expect(await verifyCaptcha({}, ctx)).toBe(false);
  });

  test("the work stays modest: at most 50,000 hashes", async () => {
    const challenge = await createAltchaChallenge();
    expect(challenge.maxnumber).toBe(50_000);
  });
});

describe("no-JS fallback question", () => {
  test("the right answer passes once; a wrong one, a replay or an expired one fail", () => {
    const q = createFallbackChallenge();
    expect(verifyFallback(q.token, String(q.a + q.b + 1))).toBe(false);
    expect(verifyFallback(q.token, ` ${q.a + q.b} `)).toBe(true);
    expect(verifyFallback(q.token, String(q.a + q.b))).toBe(false);
    const old = createFallbackChallenge(Date.now() - 11 * 60 * 1000);
    expect(verifyFallback(old.token, String(old.a + old.b))).toBe(false);
  });

  test("accepted by verifyCaptcha whatever the invisible provider", async () => {
    captcha.provider = "altcha";
    const q = createFallbackChallenge();
    expect(await verifyCaptcha({ fallbackToken: q.token, fallbackAnswer: String(q.a + q.b) }, ctx)).toBe(true);
  });
});

describe("reCAPTCHA v3", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  function google(answer: object) {
    globalThis.fetch = (async () => Response.json(answer)) as unknown as typeof fetch;
  }

  test("needs success, a good score and the same action", async () => {
    captcha.provider = "recaptcha";
    google({ success: true, score: 0.9, action: "login" });
    expect(await verifyCaptcha({ captchaToken: "t1" }, ctx)).toBe(true);
    google({ success: true, score: 0.1, action: "login" });
    expect(await verifyCaptcha({ captchaToken: "t2" }, ctx)).toBe(false);
    google({ success: true, score: 0.9, action: "register" });
    expect(await verifyCaptcha({ captchaToken: "t3" }, ctx)).toBe(false);
    globalThis.fetch = (async () => {
      throw new Error("offline");
    }) as unknown as typeof fetch;
    expect(await verifyCaptcha({ captchaToken: "t4" }, ctx)).toBe(false);
  });
});

test("off (tests only) lets everything through", async () => {
  expect(await verifyCaptcha({}, ctx)).toBe(true);
});
