import { afterEach, describe, expect, test } from "bun:test";
import { solveChallenge } from "altcha-lib/v1";
import * as loginForm from "~/routes/auth/login";
import { call } from "../../tests/route-harness";
import {
  createAltchaChallenge,
  createFallbackChallenge,
  parseFallbackAnswer,
  verifyCaptcha,
  verifyFallback,
} from "./captcha.server";
import { config } from "~/infra/config.server";

const captcha = config().captcha;
const units = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
/** 1–99 in English words, written independently of the code under test. */
const spelled = (n: number) => (n < 20 ? units[n]! : `${tens[Math.floor(n / 10)]}${n % 10 ? `-${units[n % 10]}` : ""}`);
const ctx = { ip: "127.0.0.1", action: "login" as const };
afterEach(async () => {
  captcha.provider = "off";
});

async function solvedToken() {
  const challenge = await createAltchaChallenge();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return btoa(JSON.stringify({ ...challenge, number: solution!.number }));
}

describe("ALTCHA", async () => {
  test("a solved challenge passes once; a replay, a forgery and nothing at all fail", async () => {
    captcha.provider = "altcha";
    const token = await solvedToken();
    expect(await verifyCaptcha({ captchaToken: token }, ctx)).toBe("ok");
    expect(await verifyCaptcha({ captchaToken: token }, ctx)).toBe("failed");
    const forged = JSON.parse(atob(await solvedToken())) as { number: number };
    forged.number += 1;
    expect(await verifyCaptcha({ captchaToken: btoa(JSON.stringify(forged)) }, ctx)).toBe("failed");
    expect(await verifyCaptcha({ captchaToken: "garbage" }, ctx)).toBe("failed");
    expect(await verifyCaptcha({}, ctx)).toBe("failed");
  });

  test("the work stays modest: at most 50,000 hashes", async () => {
    const challenge = await createAltchaChallenge();
    expect(challenge.maxnumber).toBe(50_000);
  });
});

describe("no-JS fallback question", async () => {
  test("the right answer passes once; a replay or an expired one fail", async () => {
    const q = createFallbackChallenge();
    expect(await verifyFallback(q.token, ` ${q.a + q.b} `)).toBe(true);
    expect(await verifyFallback(q.token, String(q.a + q.b))).toBe(false);
    const old = createFallbackChallenge(Date.now() - 11 * 60 * 1000);
    expect(await verifyFallback(old.token, String(old.a + old.b))).toBe(false);
  });

  test("any attempt uses the token up: after a wrong answer the right one fails too", async () => {
    const q = createFallbackChallenge();
    expect(await verifyFallback(q.token, String(q.a + q.b + 1))).toBe(false);
    expect(await verifyFallback(q.token, String(q.a + q.b))).toBe(false);
    // So does an answer that is no number at all.
    const r = createFallbackChallenge();
    expect(await verifyFallback(r.token, "lots")).toBe(false);
    expect(await verifyFallback(r.token, String(r.a + r.b))).toBe(false);
  });

  test("the question is a two-digit number plus a one-digit one: dozens of possible answers, not 17", async () => {
    const sums = new Set<number>();
    for (let i = 0; i < 3000; i++) {
      const q = createFallbackChallenge();
      expect(q.a).toBeGreaterThanOrEqual(10);
      expect(q.a).toBeLessThanOrEqual(99);
      expect(q.b).toBeGreaterThanOrEqual(1);
      expect(q.b).toBeLessThanOrEqual(9);
      expect(q.a + q.b).toBeLessThanOrEqual(99);
      sums.add(q.a + q.b);
    }
    expect(sums.size).toBeGreaterThanOrEqual(80);
  });

  test("accepted on the no-JS form doors whatever the invisible provider", async () => {
    captcha.provider = "altcha";
    const q = createFallbackChallenge();
    expect(
      await verifyCaptcha({ fallbackToken: q.token, fallbackAnswer: String(q.a + q.b) }, { ...ctx, fallback: true }),
    ).toBe("ok");
  });

  test("never accepted where the fallback is not allowed (the JSON API)", async () => {
    captcha.provider = "altcha";
    const q = createFallbackChallenge();
    expect(await verifyCaptcha({ fallbackToken: q.token, fallbackAnswer: String(q.a + q.b) }, ctx)).toBe("failed");
  });

  test("a wrong answer is told apart from a failed captcha", async () => {
    captcha.provider = "altcha";
    const q = createFallbackChallenge();
    expect(
      await verifyCaptcha(
        { fallbackToken: q.token, fallbackAnswer: String(q.a + q.b + 1) },
        { ...ctx, fallback: true },
      ),
    ).toBe("wrongAnswer");
  });

  test("the answer may be digits or a number word in any of the three languages", async () => {
    expect(parseFallbackAnswer(" 11 ")).toBe(11);
    expect(parseFallbackAnswer("Eleven")).toBe(11);
    expect(parseFallbackAnswer("jedenásť")).toBe(11);
    expect(parseFallbackAnswer("одинадцять")).toBe(11);
    expect(parseFallbackAnswer("п’ятнадцять")).toBe(15);
    expect(parseFallbackAnswer("sedem")).toBe(7);
    expect(parseFallbackAnswer("lots")).toBeNull();
    // Two-digit answers, as a person writes them in each language.
    for (const written of ["47", "forty-seven", "Forty seven", "štyridsaťsedem", "štyridsať sedem", "сорок сім"])
      expect(parseFallbackAnswer(written)).toBe(47);
    expect(parseFallbackAnswer("dev’yanosto")).toBeNull();
    expect(parseFallbackAnswer("дев’яносто дев’ять")).toBe(99);
    expect(parseFallbackAnswer("twenty")).toBe(20);
    const q = createFallbackChallenge();
    expect(await verifyFallback(q.token, spelled(q.a + q.b))).toBe(true);
  });

  test("the question a page carries is in words, in the page's language, without the operands as digits", async () => {
    captcha.provider = "altcha";
    const res = await call(loginForm.loader, "/auth/login?lng=en");
    const { fallback } = (await res.json()) as { fallback: Record<string, unknown> };
    expect(Object.keys(fallback).sort()).toEqual(["question", "token"]);
    expect(String(fallback.question)).toMatch(/^Anti-spam check: how much is [a-z-]+ plus [a-z]+\?$/);
    expect(JSON.stringify(fallback).replace(String(fallback.token), "")).not.toMatch(/\d/);
    const sk = (await (await call(loginForm.loader, "/auth/login?lng=sk")).json()) as {
      fallback: { question: string };
    };
    expect(sk.fallback.question).toMatch(/^Ochrana proti spamu: koľko je \S+ plus \S+\?$/);
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
    expect(await verifyCaptcha({ captchaToken: "t1" }, ctx)).toBe("ok");
    google({ success: true, score: 0.1, action: "login" });
    expect(await verifyCaptcha({ captchaToken: "t2" }, ctx)).toBe("failed");
    google({ success: true, score: 0.9, action: "register" });
    expect(await verifyCaptcha({ captchaToken: "t3" }, ctx)).toBe("failed");
    globalThis.fetch = (async () => {
      throw new Error("offline");
    }) as unknown as typeof fetch;
    expect(await verifyCaptcha({ captchaToken: "t4" }, ctx)).toBe("failed");
  });
});

test("off (tests only) lets everything through", async () => {
  expect(await verifyCaptcha({}, ctx)).toBe("ok");
});
