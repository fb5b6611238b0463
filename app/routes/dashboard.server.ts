/**
 * The dashboard's form actions: parse (streamed uploads, Conform + Zod), then one model call.
 * Each answers with a redirect and a toast on success, or data with a status and the message the
 * screen shows next to the form (so the same forms work with and without JavaScript).
 */
import { MODALS, type ActionIntent, type ApplicationView, type DashboardActionData, type DashboardData, type DashboardModal, type VehicleView } from "~/components/dashboard/types";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { pickDraftFields } from "~/domain/application-draft";
import { applicationSchema } from "~/domain/application-schema";
import { parseValidUntil, validUntilIssue } from "~/domain/document-expiry";
import { courierDocumentStatus, mayRenewDocument, submitDocumentRenewal } from "~/models/documents.server";
import { now } from "~/infra/clock.server";
import { pickLocalized } from "~/domain/localized-text";
import { MAX_REPORT_FILES, type Language } from "~/domain/rules";
import { problemReportSchema } from "~/domain/problem-report-schema";
import { reportReplySchema } from "~/domain/report-thread";
import { log } from "~/infra/log.server";
import { hit } from "~/models/limits.server";
import type { SessionUser } from "~/domain/user";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { getLatestApplication, getOwnApplication, submitApplication } from "~/models/applications.server";
import { DecisionError } from "~/models/decisions.server";
import { addCourierMessage, createProblemReport, listOwnReports, reportCooldown } from "~/models/problem-reports.server";
import { listDocumentDrafts, saveDocumentDrafts } from "~/models/uploads.server";
import { createRenewalRequest, createVehicleRequest, getAssignedVehicle, listOwnVehicleRequests, listRequestableVehicles } from "~/models/vehicle-requests.server";
import { confirmHandover, disputeHandover, HandoverError, listHandoversToConfirm } from "~/models/handovers.server";
import { handoverDisputeNote } from "~/domain/handover";
import { getSettings } from "~/models/settings.server";
import { renewalOpensAt, renewalRefusal } from "~/domain/lease-renewal";
import { getInstance } from "~/infra/i18n.server";
import { getApplicationDraft, saveApplicationDraft } from "~/models/application-drafts.server";
import { DOCUMENT_KINDS, needsRightToStay, RIGHT_TO_STAY_KINDS } from "~/domain/documents";
import { listPlatformAccountsOf } from "~/models/platforms.server";
import { hasPayHistory } from "~/models/courier-pay.server";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";

type Context = Readonly<RouterContextProvider>;

const tr = (context: Context, key: string, values?: Record<string, unknown>) => getInstance(context).t(key, values);

function refuse(context: Context, intent: ActionIntent, status: number, message: string, headers?: HeadersInit) {
  return data<DashboardActionData>({ intent, error: message }, { status, headers });
}

async function succeed(context: Context, message: string, to = "/dashboard") {
  setToast(context as RouterContextProvider, { type: "success", message });
  return redirect(to);
}

/** `fieldLabelKey` names the refused file's field in the message (e.g. "Face photo: …"). */
export async function uploadRefusal(context: Context, intent: ActionIntent, error: UploadError, fieldLabelKey?: string) {
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

async function decisionRefusal(context: Context, intent: ActionIntent, error: DecisionError) {
  return refuse(context, intent, error.status, tr(context, `dashboard:refusals.${error.key}`));
}

async function rateLimited(context: Context, intent: ActionIntent, userId: number) {
  const limit = await hit("uploads", String(userId));
  if (limit.ok) return null;
  return refuse(context, intent, 429, tr(context, "errors:rateLimited", { minutes: Math.ceil(limit.retryAfterSeconds / 60) }), {
    "Retry-After": String(limit.retryAfterSeconds),
  });
}

/**
 * Job application. Files that arrive are kept as drafts even when another field fails, so a
 * resubmission only needs what is still missing ("uploaded ✓ — replace").
 */
export async function applyAction(context: Context, request: Request, user: SessionUser) {
  const limited = await rateLimited(context, "apply", user.id);
  if (limited) return limited;
  let fields: FormData;
  try {
    const spec = { fields: Object.fromEntries(DOCUMENT_KINDS.map((f) => [f, "image" as const])), maxFiles: DOCUMENT_KINDS.length, collectRefusals: true };
    const parsed = await receiveUploadForm(request, spec, async (form) => {
      // A refused photo costs neither the text typed around it nor the other photos of the same post.
      if (form.refusals.length > 0) await saveApplicationDraft(user.id, pickDraftFields(form.fields));
      await saveDocumentDrafts(user.id, form.files);
      return form;
    });
    fields = parsed.fields;
    const refused = parsed.refusals[0];
    if (refused) return await uploadRefusal(context, "apply", refused, refused.field ? `dashboard:apply.documents.${refused.field}` : undefined);
  } catch (error) {
    if (error instanceof UploadError) return await uploadRefusal(context, "apply", error);
    throw error;
  }
  // Which documents exist is the server's own record, never the client's word.
  for (const field of DOCUMENT_KINDS) fields.delete(field);
  for (const draft of await listDocumentDrafts(user.id)) fields.set(draft.kind, "kept");
  const submission = parseWithZod(fields, { schema: applicationSchema });
  if (submission.status !== "success") {
    // Without JS this is the only moment the typed fields reach the server: keep them as the draft.
    await saveApplicationDraft(user.id, pickDraftFields(fields));
    return data<DashboardActionData>({ intent: "apply", lastResult: submission.reply() }, { status: 400 });
  }
  // Whether the document is still valid is the server clock's call, so it is checked here, not in the browser.
  if (needsRightToStay(submission.value.citizenship) && validUntilIssue(submission.value.documentValidUntil, now()) === "past") {
    await saveApplicationDraft(user.id, pickDraftFields(fields));
    return data<DashboardActionData>({ intent: "apply", lastResult: submission.reply({ fieldErrors: { documentValidUntil: ["errors.validUntilPast"] } }) }, { status: 400 });
  }
  try {
    await submitApplication(user.id, submission.value);
  } catch (error) {
    if (error instanceof DecisionError) {
      await saveApplicationDraft(user.id, pickDraftFields(fields));
      return await decisionRefusal(context, "apply", error);
    }
    throw error;
  }
  return await succeed(context, tr(context, "dashboard:apply.submitted"));
}

/** With JS the form posts its text fields here about a second after the courier stops typing. */
export async function draftAction(request: Request, user: SessionUser) {
  const form = await request.formData().catch(() => null);
  if (!form) return data<DashboardActionData>({ intent: "draft", error: "invalid" }, { status: 400 });
  if (user.status === "confirmed_account" || user.status === "job_rejected") await saveApplicationDraft(user.id, pickDraftFields(form));
  return data<DashboardActionData>({ intent: "draft" });
}

export async function vehicleAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData().catch(() => null);
  const vehicleId = Number(form?.get("vehicleId"));
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0) return refuse(context, "vehicle", 400, tr(context, "dashboard:vehicle.chooseVehicle"));
  return await once(user.id, formKeyOf(form as FormData), "/dashboard", async () => {
    try {
      const created = await createVehicleRequest(user.id, vehicleId);
      return await succeed(context, tr(context, `dashboard:vehicle.sent.${created.kind}`));
    } catch (error) {
      if (error instanceof DecisionError) return await decisionRefusal(context, "vehicle", error);
      throw error;
    }
  });
}

export async function reportAction(context: Context, request: Request, user: SessionUser) {
  // The form key rides in the URL here: a repeat must be recognised before the cooldown refuses it.
  return await once(user.id, formKeyOf(new URL(request.url).searchParams), "/dashboard", () => sendReport(context, request, user));
}

async function sendReport(context: Context, request: Request, user: SessionUser) {
  // The cooldown is checked before the body is read, so a refused report uploads nothing.
  const cooldown = await reportCooldown(user.id);
  if (cooldown) {
    const seconds = Math.ceil(cooldown.remainingMs / 1000);
    return refuse(context, "report", 429, tr(context, "dashboard:refusals.cooldown"), { "Retry-After": String(seconds) });
  }
  const limited = await rateLimited(context, "report", user.id);
  if (limited) return limited;
  try {
    const refused = await receiveUploadForm(request, { fields: { attachments: "media" }, maxFiles: MAX_REPORT_FILES }, async (parsed) => {
      const submission = parseWithZod(parsed.fields, { schema: problemReportSchema });
      if (submission.status !== "success") return data<DashboardActionData>({ intent: "report", lastResult: submission.reply() }, { status: 400 });
      await createProblemReport(user.id, submission.value.description, parsed.files);
      return await succeed(context, tr(context, "dashboard:report.sent"));
    });
    return refused;
  } catch (error) {
    if (error instanceof UploadError) return await uploadRefusal(context, "report", error);
    if (error instanceof DecisionError) return await decisionRefusal(context, "report", error);
    log("error", "problem report failed", { userId: user.id, error: String(error) });
    return refuse(context, "report", 500, tr(context, "dashboard:report.failed"));
  }
}

/** The courier writes into the conversation of one of their own open reports (ownership checked by the model). */
export async function replyAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData().catch(() => null);
  const raw = { reportId: form?.get("reportId"), body: form?.get("body") };
  const reportId = Number(raw.reportId) || undefined;
  const body = typeof raw.body === "string" ? raw.body : "";
  const parsed = reportReplySchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "errors.replyRequired";
    return data<DashboardActionData>({ intent: "reply", reportId, body, error: tr(context, message.includes(":") ? message : `dashboard:${message}`) }, { status: 400 });
  }
  // Once per rendered form: a double click or Back-and-resend adds no second message.
  return await once(user.id, formKeyOf(form!), `/dashboard#report-${parsed.data.reportId}`, async () => {
    try {
      await addCourierMessage(user.id, parsed.data.reportId, parsed.data.body);
    } catch (error) {
      if (error instanceof DecisionError) {
        const key = error.key === "notPending" ? "dashboard:reports.closed" : `dashboard:refusals.${error.key}`;
        return data<DashboardActionData>({ intent: "reply", reportId, body, error: tr(context, key) }, { status: error.status });
      }
      throw error;
    }
    return await succeed(context, tr(context, "dashboard:reports.replySent"), `/dashboard#report-${parsed.data.reportId}`);
  });
}

/** The courier asks to renew the lease of the vehicle they hold (window and rules: app/domain/lease-renewal.ts). */
export async function renewAction(context: Context, user: SessionUser) {
  try {
    await createRenewalRequest(user.id);
  } catch (error) {
    if (error instanceof DecisionError) return await decisionRefusal(context, "renew", error);
    throw error;
  }
  return await succeed(context, tr(context, "dashboard:vehicle.sent.renewal"));
}

/** The courier confirms a handover the admin recorded (only their own: the model's query says so). */
export async function handoverAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData().catch(() => null);
  const handoverId = Number(form?.get("handoverId"));
  if (!Number.isSafeInteger(handoverId) || handoverId <= 0) return refuse(context, "handover", 400, tr(context, "errors:invalidInput"));
  try {
    await confirmHandover(user.id, handoverId);
  } catch (error) {
    if (error instanceof HandoverError) return refuse(context, "handover", error.status, tr(context, `dashboard:handover.errors.${error.key}`));
    throw error;
  }
  return await succeed(context, tr(context, "dashboard:handover.confirmed"));
}

/** "I disagree" on a recorded handover: the note opens a problem report (a conversation); once per rendered form. */
export async function handoverDisputeAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData().catch(() => null);
  const handoverId = Number(form?.get("handoverId"));
  const note = typeof form?.get("note") === "string" ? String(form.get("note")).trim() : "";
  if (!Number.isSafeInteger(handoverId) || handoverId <= 0) return refuse(context, "handoverDispute", 400, tr(context, "errors:invalidInput"));
  const parsed = handoverDisputeNote.safeParse(note);
  if (!parsed.success) return refuse(context, "handoverDispute", 400, tr(context, parsed.error.issues[0]?.message ?? "dashboard:handover.noteRequired"));
  return await once(user.id, formKeyOf(form!), "/dashboard", async () => {
    try {
      const reportId = await disputeHandover(user.id, handoverId, parsed.data);
      return await succeed(context, tr(context, "dashboard:handover.disputed"), `/dashboard#report-${reportId}`);
    } catch (error) {
      if (error instanceof HandoverError) return refuse(context, "handoverDispute", error.status, tr(context, `dashboard:handover.errors.${error.key}`));
      throw error;
    }
  });
}

/**
 * A new right-to-stay document (residence permit both sides, or refugee document) with its
 * valid-until date. Files that arrive become drafts first (with JS they were sent one by one to
 * /dashboard/documents already), so a refused date keeps them.
 */
export async function renewDocumentAction(context: Context, request: Request, user: SessionUser) {
  const limited = await rateLimited(context, "renewDocument", user.id);
  if (limited) return limited;
  if (!mayRenewDocument(user.status)) return refuse(context, "renewDocument", 403, tr(context, "dashboard:refusals.notAllowed"));
  let validUntil = "";
  try {
    const spec = { fields: Object.fromEntries(RIGHT_TO_STAY_KINDS.map((f) => [f, "image" as const])), maxFiles: RIGHT_TO_STAY_KINDS.length };
    validUntil = await receiveUploadForm(request, spec, async (parsed) => {
      await saveDocumentDrafts(user.id, parsed.files);
      return String(parsed.fields.get("validUntil") ?? "").trim();
    });
  } catch (error) {
    if (error instanceof UploadError) return await uploadRefusal(context, "renewDocument", error);
    throw error;
  }
  const issue = validUntilIssue(validUntil, now());
  const refused = (message: string, status = 400) => data<DashboardActionData>({ intent: "renewDocument", error: message, validUntil }, { status });
  if (issue) return refused(tr(context, `dashboard:errors.validUntil${issue[0]!.toUpperCase()}${issue.slice(1)}`));
  try {
    await submitDocumentRenewal(user.id, parseValidUntil(validUntil)!);
  } catch (error) {
    if (error instanceof DecisionError) return refused(tr(context, `dashboard:refusals.${error.key}`), error.status);
    throw error;
  }
  return await succeed(context, tr(context, "dashboard:documents.sent"));
}

/** Everything the dashboard shows for the user's status; each query is scoped to the user. */
export async function loadDashboard(user: SessionUser, url: URL, language: Language): Promise<DashboardData> {
  const serializeVehicle = (v: NonNullable<Awaited<ReturnType<typeof getAssignedVehicle>>>) => vehicleView(v, language);
  const requested = url.searchParams.get("modal");
  const modal = (MODALS as readonly string[]).includes(requested ?? "") ? (requested as DashboardModal) : null;
  const application = await getLatestApplication(user.id);
  const vehicle = await getAssignedVehicle(user.id);
  const canApply = user.status === "confirmed_account" || user.status === "job_rejected";
  const requests = await listOwnVehicleRequests(user.id);
  const cooldown = vehicle ? await reportCooldown(user.id) : null;
  const documents = await courierDocumentStatus(user.id);
  return {
    status: user.status,
    modal,
    formKey: newFormKey(),
    application: application
      ? { id: application.id, status: application.status, createdAt: application.createdAt.toISOString(), rejectionReason: application.rejectionReason }
      : null,
    applicationDetail: modal === "application" && application ? serializeApplication((await getOwnApplication(user.id, application.id))!) : null,
    drafts: canApply ? await listDocumentDrafts(user.id) : [],
    draft: canApply ? await applicationDraft(user.id, application) : null,
    /** After a rejection: the documents the admin asked to be replaced, and the stock reason's code. */
    replaceDocuments: canApply && application?.status === "rejected" ? (application.replaceDocuments ?? []) : [],
    vehicle: vehicle ? serializeVehicle(vehicle) : null,
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt?.toISOString() ?? null,
      currentVehicleName: r.currentVehicleName,
      requestedVehicleName: r.requestedVehicleName,
    })),
    vehicles: modal === "vehicle" ? (await listRequestableVehicles()).map(serializeVehicle) : [],
    reports: (await listOwnReports(user.id)).map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      thread: r.thread.map((m) => ({ ...m, at: m.at.toISOString() })),
    })),
    nextReportAt: cooldown?.nextAt.toISOString() ?? null,
    hasPay: await hasPayHistory(user.id),
    platformAccounts: (await listPlatformAccountsOf(user.id)).map(({ platformId: _platform, ...link }) => link),
    // Which admin recorded it stays among the admins (as in the report thread).
    handovers: (await listHandoversToConfirm(user.id)).map(({ recordedBy: _admin, ...h }) => h),
    renewal: vehicle?.leaseEndsAt ? await renewalState(user, vehicle.leaseEndsAt, requests.find((r) => r.status === "pending")?.kind ?? null) : null,
    documents,
    /** Right-to-stay files chosen for a new document but not sent yet. */
    renewalDrafts: documents ? (await listDocumentDrafts(user.id)).filter((d) => (RIGHT_TO_STAY_KINDS as readonly string[]).includes(d.kind)) : [],
  };
}

/** Whether the courier may ask to renew now, and from when (the server's clock decides). */
async function renewalState(user: SessionUser, leaseEndsAt: Date, pendingKind: string | null) {
  const { leaseRenewalWindowDays, leaseDays } = await getSettings();
  const refusal = renewalRefusal({ status: user.status, leaseEndsAt, now: now(), windowDays: leaseRenewalWindowDays, hasPendingRequest: pendingKind !== null });
  return {
    canAsk: refusal === null,
    tooEarly: refusal === "tooEarly",
    /** A renewal the courier asked for waits for the admin. */
    pending: pendingKind === "renewal",
    opensAt: renewalOpensAt(leaseEndsAt, leaseRenewalWindowDays).toISOString(),
    leaseEndsAt: leaseEndsAt.toISOString(),
    leaseDays,
  };
}

/** What the form opens with: the saved draft, else (after a rejection) the previous application. */
async function applicationDraft(userId: number, previous: Awaited<ReturnType<typeof getLatestApplication>>) {
  const saved = await getApplicationDraft(userId);
  if (saved) return saved;
  if (previous?.status !== "rejected") return null;
  return pickDraftFields({
    fullName: previous.fullName,
    age: String(previous.age),
    phone: previous.phone,
    citizenship: previous.citizenship,
    contactMethod: previous.contactMethod,
    contactUsername: previous.contactUsername ?? "",
    comment: previous.comment ?? "",
    documentValidUntil: previous.documentValidUntil ? previous.documentValidUntil.toISOString().slice(0, 10) : "",
  });
}

/** A vehicle as the courier sees it: one name, the specs in the reader's language or its fallback. */
function vehicleView(v: NonNullable<Awaited<ReturnType<typeof getAssignedVehicle>>>, language: Language): VehicleView {
  const characteristics = pickLocalized({ sk: v.characteristicsSk, ua: v.characteristicsUa, en: v.characteristicsEn }, language);
  return {
    id: v.id,
    name: v.name,
    characteristics: characteristics.text,
    characteristicsLang: characteristics.language,
    status: v.status,
    availableSince: v.availableSince?.toISOString() ?? null,
    leaseEndsAt: v.leaseEndsAt?.toISOString() ?? null,
    images: v.images,
  };
}

function serializeApplication(a: NonNullable<Awaited<ReturnType<typeof getOwnApplication>>>): ApplicationView {
  return {
    id: a.id,
    status: a.status,
    fullName: a.fullName,
    age: a.age,
    citizenship: a.citizenship,
    phone: a.phone,
    contactMethod: a.contactMethod,
    contactUsername: a.contactUsername,
    comment: a.comment,
    rejectionReason: a.rejectionReason,
    createdAt: a.createdAt.toISOString(),
    files: a.files,
  };
}

