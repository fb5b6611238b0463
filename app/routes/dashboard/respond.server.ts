/**
 * How every dashboard form action answers: a redirect with a success toast, or data with a status
 * and the message the screen shows next to the form (so the same forms work with and without
 * JavaScript: a refused no-JS post re-renders the dashboard from the action's own route).
 */
import type { ActionIntent, DashboardActionData } from "~/components/dashboard/types";
import { data, redirect, type RouterContextProvider } from "react-router";
import { MAX_REPORT_FILES } from "~/domain/rules";
import { UploadError } from "~/infra/uploads.server";
import { hit } from "~/models/limits.server";
import { getInstance } from "~/infra/i18n.server";
import { keepApplicationForLogin } from "~/services/kept-application.server";
import { getSecondFactorUser, getUser } from "~/services/session.server";

export type Context = Readonly<RouterContextProvider>;

export const tr = (context: Context, key: string, values?: Record<string, unknown>) =>
  getInstance(context).t(key, values);

export function refuse(context: Context, intent: ActionIntent, status: number, message: string, headers?: HeadersInit) {
  return data<DashboardActionData>({ intent, error: message }, { status, headers });
}

/** `fieldLabelKey` names the refused file's field in the message (e.g. "Face photo: …"). */
export async function uploadRefusal(
  context: Context,
  intent: ActionIntent,
  error: UploadError,
  fieldLabelKey?: string,
) {
  // Documents take photos only: their refusals never mention videos.
  const photosOnly = intent === "apply" || intent === "renewDocument";
  const keys: Record<UploadError["code"], string> = {
    tooLarge: photosOnly ? "dashboard:uploads.photoTooLarge" : "dashboard:uploads.tooLarge",
    tooManyPixels: "dashboard:uploads.tooManyPixels",
    heicUnsupported: "dashboard:photoUpload.heicUnsupported",
    tooManyFiles: "dashboard:errors.tooManyFiles",
    tooManyParts: "errors:tooManyParts",
    badType: photosOnly ? "dashboard:uploads.badPhotoType" : "dashboard:uploads.badType",
    badForm: "errors:invalidInput",
  };
  const message = tr(context, keys[error.code], { max: MAX_REPORT_FILES });
  return refuse(context, intent, error.status, fieldLabelKey ? `${tr(context, fieldLabelKey)}: ${message}` : message);
}

export async function rateLimited(context: Context, intent: ActionIntent, userId: number) {
  const limit = await hit("uploads", String(userId));
  if (limit.ok) return null;
  return refuse(
    context,
    intent,
    429,
    tr(context, "errors:rateLimited", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }),
    {
      "Retry-After": String(limit.retryAfterSeconds),
    },
  );
}

/** The session ended mid-form: keep what was typed for after the log-in instead of dropping it. */
export async function keepApplicationIfLoggedOut(context: Context, request: Request) {
  if (getUser(context) || getSecondFactorUser(context)) return;
  const keep = await keepApplicationForLogin(request);
  throw redirect(
    `/?auth=login&redirectTo=${encodeURIComponent("/dashboard")}`,
    keep ? { headers: { "Set-Cookie": keep } } : undefined,
  );
}
