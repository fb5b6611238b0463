/**
 * The account flows behind both doors: the JSON API (app/routes/api/auth.*) and the forms of the
 * auth dialog (app/routes/auth/*). Input arrives already parsed by the shared Zod schemas; each
 * flow applies the rate limits and the captcha, calls the models, sends the e-mail and answers
 * with a result the door turns into JSON or a page. Messages are translation keys.
 */
import type { EmailOnlyInput, LoginInput, RegisterInput } from "~/domain/auth-schemas";
import { ACTIVATION_LOGIN_MINUTES, type Language } from "~/domain/rules";
import { requiresSecondFactor } from "~/domain/second-factor";
import { getSecondFactorState, verifySecondFactor } from "~/models/second-factors.server";
import {
  type ActivationResult,
  activateAccount,
  newActivationToken,
  newPasswordResetToken,
  registerAccount,
  resetPassword,
} from "~/models/accounts.server";
import { findUserById, type User } from "~/models/users.server";
import { readReferralCookie } from "~/infra/cookies.server";
import { activationMail, resetMail, sendInBackground } from "./account-mail.server";
import { authenticateCredentials } from "./authenticator.server";
import { verifyCaptcha, type CaptchaInput } from "./captcha.server";
import { hit, reset, type LimitName } from "~/models/limits.server";
import { knownBrowserFor, recognizeDevice } from "./device.server";
import { SECOND_FACTOR_PATH, startSession } from "./session.server";

export type FlowFailure = {
  ok: false;
  status: 400 | 401 | 403 | 409 | 429;
  error: string;
  values?: Record<string, unknown>;
  retryAfter?: number;
  /** The account exists but is not activated: offer to resend the e-mail. */
  canResendActivation?: boolean;
  /** JSON API: the password was right; the account's second-factor code must come along. */
  secondFactorRequired?: boolean;
};

/**
 * `door: "form"`: the auth dialog's form posts, the only place the no-JS fallback question counts and
 * the door that sends an admin on to the second-factor page; the JSON API takes the code in the body.
 */
type Door = "form" | "api";
type Ctx = { ip: string; request: Request; door?: Door };
export type LoginSuccess = { ok: true; user: User; setCookies: string[]; redirectTo: string };

export function limited(retryAfter: number): FlowFailure {
  return {
    ok: false,
    status: 429,
    error: "errors:rateLimited",
    values: { minutes: Math.max(1, Math.ceil(retryAfter / 60)) },
    retryAfter,
  };
}

export async function limit(name: LimitName, subject: string): Promise<FlowFailure | null> {
  const result = await hit(name, subject);
  return result.ok ? null : limited(result.retryAfterSeconds);
}

async function captchaRefusal(
  input: CaptchaInput,
  ctx: Ctx,
  action: "login" | "register",
): Promise<FlowFailure | null> {
  const result = await verifyCaptcha(input, { ip: ctx.ip, action, fallback: ctx.door === "form" });
  if (result === "ok") return null;
  return {
    ok: false,
    status: 400,
    error:
      result === "wrongAnswer"
        ? "auth:captcha.wrongAnswer"
        : result === "unanswered"
          ? "auth:captcha.unanswered"
          : "auth:captcha.failed",
  };
}

/**
 * Only a path on this site; anything else falls back to the default. The check runs on the URL as
 * a browser would resolve it, because dot segments, tabs and backslashes can turn a path into a
 * protocol-relative one (`/..//evil.com` normalises to `//evil.com`).
 */
export function safeRedirect(to: string | null | undefined, fallback: string) {
  if (!to || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const base = "http://same.invalid";
    const url = new URL(to, base);
    const target = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== base || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
      return fallback;
    // The result must resolve to itself: a second pass cannot leave the site either.
    return new URL(target, base).origin === base ? target : fallback;
  } catch {
    return fallback;
  }
}

export function homeOf(user: Pick<User, "role">) {
  return user.role === "admin" ? "/admin/dashboard" : "/dashboard";
}

export async function login(input: LoginInput, ctx: Ctx & { door: Door }): Promise<LoginSuccess | FlowFailure> {
  const ipLimit = await limit("loginIp", ctx.ip);
  if (ipLimit) return ipLimit;
  const captcha = await captchaRefusal(input, ctx, "login");
  if (captcha) return captcha;
  // Others' guesses lock the account for unknown browsers only; a browser that has logged in to it
  // before counts its own failures (its address's limit above applies to it as to anyone).
  const knownBrowser = await knownBrowserFor(input.email, ctx.request);
  const [failures, subject] = knownBrowser
    ? (["loginDeviceFailures", knownBrowser] as const)
    : (["loginAccountFailures", input.email] as const);
  // Counted before the password is checked, so parallel guesses cannot all slip past the limit;
  // a right password clears the count, so only failures stay counted.
  const failureLimit = await limit(failures, subject);
  if (failureLimit) return failureLimit;
  const result = await authenticateCredentials(input.email, input.password);
  if (!result.ok) {
    if (result.reason === "invalid") return { ok: false, status: 401, error: "auth:login.invalid" };
    await reset(failures, subject);
    if (result.reason === "notActivated")
      return { ok: false, status: 403, error: "auth:login.notActivated", canResendActivation: true };
    return { ok: false, status: 403, error: "auth:login.deactivated" };
  }
  await reset(failures, subject);
  const user = result.user;
  const deviceCookie = await recognizeDevice(user, ctx.request, ctx.ip);
  const target = safeRedirect(input.redirectTo, homeOf(user));
  if (requiresSecondFactor(user.role)) {
    if (ctx.door === "form") {
      const setCookie = await startSession(user.id, ctx.request, ctx.ip, { secondFactorPending: true });
      return { ok: true, user, setCookies: [setCookie, deviceCookie], redirectTo: secondFactorPage(target) };
    }
    if (!(await getSecondFactorState(user.id)).enrolled)
      return { ok: false, status: 403, error: "auth:secondFactor.enrolInBrowser" };
    if (!input.secondFactorCode)
      return { ok: false, status: 401, error: "auth:secondFactor.required", secondFactorRequired: true };
    const check = await checkSecondFactor(user.id, input.secondFactorCode);
    if (!check.ok) return check;
  }
  const setCookie = await startSession(user.id, ctx.request, ctx.ip);
  return { ok: true, user, setCookies: [setCookie, deviceCookie], redirectTo: target };
}

export function secondFactorPage(redirectTo: string) {
  return `${SECOND_FACTOR_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/**
 * An enrolled account's authenticator or recovery code, each attempt counted before it is checked
 * so parallel guesses cannot slip past the limit.
 */
export async function checkSecondFactor(
  userId: number,
  code: string,
): Promise<{ ok: true; method: "totp" | "recovery" } | FlowFailure> {
  if (!(await getSecondFactorState(userId)).enrolled)
    return { ok: false, status: 403, error: "auth:secondFactor.enrolInBrowser" };
  const attempts = await limit("secondFactor", String(userId));
  if (attempts) return attempts;
  const result = await verifySecondFactor(userId, code);
  if (!result.ok) return { ok: false, status: 401, error: "auth:secondFactor.codeWrong" };
  await reset("secondFactor", String(userId));
  return result;
}

/** The referral code of the body, else the one the public site kept in the `cf_ref` cookie. */
function referralFrom(input: RegisterInput, request: Request) {
  return input.referralCode ?? readReferralCookie(request);
}

export async function register(
  input: RegisterInput,
  ctx: Ctx & { language: Language },
): Promise<{ ok: true; message: string } | FlowFailure> {
  const ipLimit = await limit("register", ctx.ip);
  if (ipLimit) return ipLimit;
  const emailLimit = await limit("registerEmail", input.email);
  if (emailLimit) return emailLimit;
  const captcha = await captchaRefusal(input, ctx, "register");
  if (captcha) return captcha;
  const result = await registerAccount(
    {
      email: input.email,
      password: input.password,
      language: input.language ?? ctx.language,
      referralCode: referralFrom(input, ctx.request),
      legalShown: {
        language: ctx.language,
        versions: { privacy: input.privacyVersion, terms: input.termsVersion },
      },
    },
    activationMail,
  );
  if (!result.ok) return { ok: false, status: 409, error: "auth:register.emailTaken" };
  return { ok: true, message: "auth:register.success" };
}

/**
 * Uses the activation link once. Opened within ACTIVATION_LOGIN_MINUTES of being sent (`ctx` given: the
 * page, not the JSON API), it also logs a courier in, so nobody types the password again on a phone
 * right after registering; an older link only activates. Admins always log in with the second factor.
 */
export async function activate(
  token: string,
  ctx?: Pick<Ctx, "ip" | "request">,
  now = Date.now(),
): Promise<ActivationResult & { setCookies?: string[] }> {
  const result = await activateAccount(token, now);
  if (!ctx || result.state !== "activated") return result;
  if (now - result.issuedAt.getTime() > ACTIVATION_LOGIN_MINUTES * 60_000) return result;
  const user = await findUserById(result.userId);
  if (!user?.active || requiresSecondFactor(user.role)) return result;
  const deviceCookie = await recognizeDevice(user, ctx.request, ctx.ip);
  return { ...result, setCookies: [await startSession(user.id, ctx.request, ctx.ip), deviceCookie] };
}

/** The same answer whether or not the e-mail belongs to anyone. */
/** The mail is in the language of the page it was asked from (someone locked out reads that one), else the account's. */
export async function forgotPassword(
  input: EmailOnlyInput,
  ctx: Pick<Ctx, "ip"> & { language?: Language },
): Promise<{ ok: true; message: string } | FlowFailure> {
  const ipLimit = await limit("forgotPassword", ctx.ip);
  if (ipLimit) return ipLimit;
  const issued = await newPasswordResetToken(input.email);
  if (issued)
    await sendInBackground(
      resetMail({ ...issued.user, language: input.language ?? ctx.language ?? issued.user.language }, issued.token),
    );
  return { ok: true, message: "auth:forgot.sent" };
}

/** The same answer whether the e-mail is unknown, waiting for activation or already active. */
export async function resendActivation(
  input: EmailOnlyInput,
  ctx: Pick<Ctx, "ip"> & { language?: Language },
): Promise<{ ok: true; message: string } | FlowFailure> {
  const ipLimit = await limit("resendActivation", ctx.ip);
  if (ipLimit) return ipLimit;
  const issued = await newActivationToken(input.email);
  if (issued) await sendInBackground(activationMail(issued.user, issued.token));
  return { ok: true, message: "auth:resend.sent" };
}

export async function changePassword(
  token: string,
  password: string,
): Promise<{ ok: true; message: string } | FlowFailure> {
  const result = await resetPassword(token, password);
  if (result.ok) return { ok: true, message: "auth:reset.success" };
  return { ok: false, status: 400, error: result.state === "used" ? "auth:reset.used" : "auth:reset.invalid" };
}
