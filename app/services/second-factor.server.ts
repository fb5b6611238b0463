/**
 * The second step of an admin's log-in, on the page /auth/second-factor: confirm a new authenticator
 * (enrolment, forced at the first log-in) or give a code; either way the pending session is replaced
 * by a full one with a new id.
 */
import QRCode from "qrcode";
import type { SessionUser } from "~/domain/user";
import { completeEnrolment, getSecondFactorState, pendingEnrolment } from "~/models/second-factors.server";
import { checkSecondFactor, limit, type FlowFailure } from "./auth.server";
import { reset } from "~/models/limits.server";
import { startSession } from "./session.server";
import { enrolmentStartedMail, sendInBackground } from "./account-mail.server";
import { describeDevice, formatMailTime } from "./device.server";

type Ctx = { ip: string; request: Request };

/**
 * Another browser of the account holds an enrolment key too: someone else may have the password.
 * The e-mail names the browser that has just been shown a key.
 */
function notifyEnrolmentStarted(user: SessionUser, ctx: Ctx) {
  const device = describeDevice(ctx.request.headers.get("User-Agent"), "?");
  void sendInBackground(
    enrolmentStartedMail(user, { device, ip: ctx.ip, time: formatMailTime(new Date(), user.language) }),
  );
}

export type SecondFactorView = { view: "verify" } | { view: "enrol"; secret: string; qrImage: string };

export async function secondFactorView(
  user: SessionUser,
  ctx: Ctx & { sessionIdHash: string },
): Promise<SecondFactorView> {
  const enrolment = await pendingEnrolment(user.id, user.email, ctx.sessionIdHash);
  if (!enrolment) return { view: "verify" };
  if (enrolment.anotherBrowserEnrolling) notifyEnrolmentStarted(user, ctx);
  const svg = await QRCode.toString(enrolment.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    view: "enrol",
    secret: enrolment.secret,
    qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

export async function completeSecondFactorLogin(
  user: SessionUser,
  code: string,
  ctx: Ctx,
): Promise<{ ok: true; setCookie: string; method: "totp" | "recovery"; recoveryCodesLeft: number } | FlowFailure> {
  const check = await checkSecondFactor(user.id, code);
  if (!check.ok) return check;
  const state = await getSecondFactorState(user.id);
  const setCookie = await startSession(user.id, ctx.request, ctx.ip);
  return { ok: true, setCookie, method: check.method, recoveryCodesLeft: state.enrolled ? state.recoveryCodesLeft : 0 };
}

export async function enrolAndLogin(
  user: SessionUser,
  code: string,
  ctx: Ctx & { sessionIdHash: string },
): Promise<{ ok: true; setCookie: string; recoveryCodes: string[] } | FlowFailure> {
  const attempts = await limit("secondFactor", String(user.id));
  if (attempts) return attempts;
  const result = await completeEnrolment(user.id, ctx.sessionIdHash, code);
  if (!result.ok) return { ok: false, status: 401, error: "auth:secondFactor.codeWrong" };
  await reset("secondFactor", String(user.id));
  const setCookie = await startSession(user.id, ctx.request, ctx.ip);
  return { ok: true, setCookie, recoveryCodes: result.recoveryCodes };
}
