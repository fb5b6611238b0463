import { createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import type { RouterContextProvider } from "react-router";
import type { FallbackQuestion } from "~/domain/auth-forms";
import { getInstance } from "~/infra/i18n.server";
import { config } from "~/infra/config.server";
import { randomToken, sha256 } from "~/infra/crypto.server";
import { resources } from "~/infra/locales";
import { log } from "~/infra/log.server";
import { normalizeNumberWords, numberWordIndex, spellNumber, type NumberVocabulary } from "~/domain/number-words";
import { acceptCaptchaOnce } from "~/models/limits.server";

/**
 * The captcha (docs/security.md). With JavaScript: ALTCHA (self-hosted proof of work) or reCAPTCHA v3.
 * Without JavaScript: a small server-rendered question. `off` only outside production (tests).
 * Every accepted solution is recorded in used_captchas, so none can be replayed.
 */

/** About 25k SHA-256 hashes on average: well under a second on a cheap phone. */
export const ALTCHA_MAX_NUMBER = 50_000;
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** reCAPTCHA v3 scores below this look like a bot (Google's suggested default). */
const RECAPTCHA_MIN_SCORE = 0.5;

function secret(purpose: string) {
  return sha256(`${purpose}:${config().sessionSecret}`);
}

/**
 * A fallback question for a form shown to someone who may have no JavaScript, already written out
 * in the request's language with the numbers as words ("… how much is forty-seven plus five?"): the
 * operands appear nowhere in the page or its data as digits. None when the captcha is off.
 */
export function fallbackForForm(context: Readonly<RouterContextProvider>): FallbackQuestion | null {
  if (config().captcha.provider === "off") return null;
  const { token, a, b } = createFallbackChallenge();
  const i18n = getInstance(context);
  const words = vocabularyOf(i18n.language);
  return { token, question: i18n.t("auth:captcha.question", { a: spellNumber(a, words), b: spellNumber(b, words) }) };
}

export function createAltchaChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    hmacKey: secret("altcha"),
    maxNumber: ALTCHA_MAX_NUMBER,
    expires: new Date(now + CHALLENGE_TTL_MS),
  });
}

/** Records a solution; false when it was accepted before. */
async function acceptOnce(value: string, now = Date.now()) {
  return await acceptCaptchaOnce(sha256(value), new Date(now + CHALLENGE_TTL_MS), now);
}

async function verifyAltcha(token: string) {
  if (!(await verifySolution(token, secret("altcha"), true).catch(() => false))) return false;
  // The solved challenge (not the whole payload) is what must not come back.
  const payload = JSON.parse(atob(token)) as { challenge: string };
  return await acceptOnce(`altcha:${payload.challenge}`);
}

async function verifyRecaptcha(token: string, ip: string, action: string) {
  const { secretKey } = config().captcha;
  try {
    const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
      method: "POST",
      body: new URLSearchParams({ secret: secretKey ?? "", response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5_000),
    });
    const result = (await response.json()) as { success?: boolean; score?: number; action?: string };
    return (
      result.success === true &&
      (result.score ?? 0) >= RECAPTCHA_MIN_SCORE &&
      result.action === action &&
      (await acceptOnce(`recaptcha:${token}`))
    );
  } catch (error) {
    log("warn", "recaptcha verification failed", { error: String(error) });
    return false;
  }
}

/* ---- The no-JS fallback: "How much is forty-seven plus six?" signed with HMAC, tried once. ---- */

export type FallbackChallenge = { token: string; a: number; b: number };

function fallbackMac(text: string) {
  return createHmac("sha256", secret("fallback")).update(text).digest("base64url");
}

/**
 * A fresh question: a two-digit number plus a one-digit one, at most 99 (89 possible answers, a
 * person's sum, a guesser's 1 in 89 per token). The token carries no answer: one signature says
 * the server issued it, the other is over the answer.
 */
export function createFallbackChallenge(now = Date.now()): FallbackChallenge {
  const a = 10 + Math.floor(Math.random() * 89);
  const b = 1 + Math.floor(Math.random() * Math.min(9, 99 - a));
  const nonce = randomToken(12);
  const expires = now + CHALLENGE_TTL_MS;
  return {
    token: `${nonce}.${expires}.${fallbackMac(`${nonce}.${expires}`)}.${fallbackMac(`${nonce}.${expires}.${a + b}`)}`,
    a,
    b,
  };
}

/** The number words of a language as the locales hold them. */
function vocabularyOf(language: string): NumberVocabulary {
  const auth = (resources[language] ?? resources.sk)!.auth as {
    numbers: Record<string, string>;
    tens: Record<string, string>;
    captcha: { compound: string };
  };
  return { numbers: auth.numbers, tens: auth.tens, compound: auth.captcha.compound };
}

/** Every number word of every language (the answer may come in any of them), to its value. */
const NUMBER_WORDS = numberWordIndex(Object.keys(resources).map(vocabularyOf));

/** "47", "forty-seven", "štyridsaťsedem" or "сорок сім" → 47; anything else → null. */
export function parseFallbackAnswer(answer: string): number | null {
  const text = answer.trim();
  if (/^\d{1,3}$/.test(text)) return Number(text);
  return NUMBER_WORDS.get(normalizeNumberWords(text)) ?? null;
}

function sameMac(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * True for the right answer to a question this server issued. Any attempt, right or wrong, uses
 * the token up, so a bot cannot try the answers one by one against one question.
 */
export async function verifyFallback(token: string, answer: string, now = Date.now()) {
  const [nonce, expiresText, issued, signature, ...rest] = token.split(".");
  const expires = Number(expiresText);
  if (
    !nonce ||
    !issued ||
    !signature ||
    rest.length ||
    !Number.isFinite(expires) ||
    expires < now ||
    expires > now + CHALLENGE_TTL_MS
  )
    return false;
  if (!sameMac(fallbackMac(`${nonce}.${expires}`), issued)) return false;
  if (!(await acceptOnce(`fallback:${nonce}`, now))) return false;
  const value = parseFallbackAnswer(answer);
  return value !== null && sameMac(fallbackMac(`${nonce}.${expires}.${value}`), signature);
}

export type CaptchaInput = { captchaToken?: string; fallbackToken?: string; fallbackAnswer?: string };
/** `wrongAnswer`: the no-JS question was answered, wrongly (or its token expired or was used). */
export type CaptchaResult = "ok" | "failed" | "wrongAnswer" | "unanswered";

/**
 * Whether the request passed the captcha of the configured provider. The no-JS question counts
 * only where `fallback` allows it — the form posts of the auth dialog, never the JSON API, where
 * a script could read and answer it without doing the proof of work.
 */
export async function verifyCaptcha(
  input: CaptchaInput,
  { ip, action, fallback = false }: { ip: string; action: "login" | "register"; fallback?: boolean },
): Promise<CaptchaResult> {
  const provider = config().captcha.provider;
  if (provider === "off") return "ok";
  if (input.captchaToken) {
    const passed =
      provider === "altcha"
        ? await verifyAltcha(input.captchaToken)
        : await verifyRecaptcha(input.captchaToken, ip, action);
    return passed ? "ok" : "failed";
  }
  if (fallback && input.fallbackToken && input.fallbackAnswer)
    return (await verifyFallback(input.fallbackToken, input.fallbackAnswer)) ? "ok" : "wrongAnswer";
  // The no-JS form showed its question and it was left empty: say so, not "reCAPTCHA failed".
  if (fallback && input.fallbackToken) return "unanswered";
  return "failed";
}
