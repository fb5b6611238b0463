/**
 * What the dashboard shows: the view models its loader builds for the user's status. The forms'
 * actions each have their own route under routes/dashboard/.
 */
import {
  MODALS,
  type ApplicationView,
  type DashboardData,
  type DashboardModal,
  type VehicleView,
} from "~/components/dashboard/types";
import { pickDraftFields } from "~/domain/application-draft";
import { courierDocumentStatus } from "~/models/documents.server";
import { now } from "~/infra/clock.server";
import { pickLocalized } from "~/domain/localized-text";
import { type Language } from "~/domain/rules";
import type { SessionUser } from "~/domain/user";
import { getLatestApplication, getOwnApplication } from "~/models/applications.server";
import { listOwnReports, reportCooldown } from "~/models/problem-reports.server";
import { listDocumentDrafts } from "~/models/uploads.server";
import {
  getAssignedVehicle,
  getLeaseRentAgreement,
  listOwnVehicleRequests,
  listRequestableVehicles,
} from "~/models/vehicle-requests.server";
import { listHandoversToConfirm } from "~/models/handovers.server";
import { getSettings } from "~/models/settings.server";
import { renewalOpensAt, renewalRefusal } from "~/domain/lease-renewal";
import { getApplicationDraft } from "~/models/application-drafts.server";
import { RIGHT_TO_STAY_KINDS } from "~/domain/documents";
import { listPlatformAccountsOf } from "~/models/platforms.server";
import { hasPayHistory } from "~/models/courier-pay.server";
import { getBankAccount } from "~/models/bank-accounts.server";
import { getPaySettings } from "~/models/settings.server";
import { newFormKey } from "~/services/idempotency.server";
import { config } from "~/infra/config.server";
import { notificationChoices, telegramChatOf } from "~/models/telegram.server";
import { pushSubscriptionsOf } from "~/models/push.server";
import { vapidPublicKey } from "~/infra/web-push.server";

/**
 * Everything the dashboard shows for the user's status; each query is scoped to the user. Reads that
 * do not wait for one another go out together (on PostgreSQL each takes its own pooled connection;
 * none is inside a transaction), then the few that depend on what came back.
 */
export async function loadDashboard(user: SessionUser, url: URL, language: Language): Promise<DashboardData> {
  const serializeVehicle = (v: NonNullable<Awaited<ReturnType<typeof getAssignedVehicle>>>) => vehicleView(v, language);
  const requested = url.searchParams.get("modal");
  const modal = (MODALS as readonly string[]).includes(requested ?? "") ? (requested as DashboardModal) : null;
  const canApply = user.status === "confirmed_account" || user.status === "job_rejected";
  const [application, vehicle, requests, documents, reports, pay, platformAccounts, notifications, handovers, choice] =
    await Promise.all([
      getLatestApplication(user.id),
      getAssignedVehicle(user.id),
      listOwnVehicleRequests(user.id),
      courierDocumentStatus(user.id),
      listOwnReports(user.id),
      payPointer(user),
      listPlatformAccountsOf(user.id),
      notificationsView(user.id),
      listHandoversToConfirm(user.id),
      vehicleChoice(modal),
    ]);
  const [cooldown, applicationDetail, drafts, draft, rentAgreement, renewal] = await Promise.all([
    vehicle ? reportCooldown(user.id) : null,
    modal === "application" && application ? getOwnApplication(user.id, application.id) : null,
    canApply || documents ? listDocumentDrafts(user.id) : [],
    canApply ? applicationDraft(user.id, application) : null,
    vehicle ? getLeaseRentAgreement(user.id, vehicle.id) : null,
    vehicle?.leaseEndsAt
      ? renewalState(user, vehicle.leaseEndsAt, requests.find((r) => r.status === "pending")?.kind ?? null)
      : null,
  ]);
  return {
    status: user.status,
    modal,
    formKey: newFormKey(),
    application: application
      ? {
          id: application.id,
          status: application.status,
          createdAt: application.createdAt.toISOString(),
          rejectionReason: application.rejectionReason,
        }
      : null,
    applicationDetail: applicationDetail ? serializeApplication(applicationDetail) : null,
    drafts: canApply ? drafts : [],
    draft,
    /** After a rejection: the documents the admin asked to be replaced, and the stock reason's code. */
    replaceDocuments: canApply && application?.status === "rejected" ? (application.replaceDocuments ?? []) : [],
    vehicle: vehicle ? { ...serializeVehicle(vehicle), rentAgreement } : null,
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
    vehicles: choice.vehicles.map(serializeVehicle),
    // The rent every statement deducts, shown before the courier asks for a scooter.
    rentPerDayCents: choice.rentPerDayCents,
    reports: reports.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      thread: r.thread.map((m) => ({ ...m, at: m.at.toISOString() })),
    })),
    nextReportAt: cooldown?.nextAt.toISOString() ?? null,
    ...pay,
    platformAccounts: platformAccounts.map(({ platformId: _platform, ...link }) => link),
    notifications,
    // Which admin recorded it stays among the admins (as in the report thread).
    handovers: handovers.map(({ recordedBy: _admin, ...h }) => h),
    renewal,
    documents,
    /** Right-to-stay files chosen for a new document but not sent yet. */
    renewalDrafts: documents ? drafts.filter((d) => (RIGHT_TO_STAY_KINDS as readonly string[]).includes(d.kind)) : [],
  };
}

/** With the vehicle dialog open: the scooters the courier may ask for and the daily rent. */
async function vehicleChoice(modal: DashboardModal | null) {
  if (modal !== "vehicle") return { vehicles: [], rentPerDayCents: null };
  const [vehicles, pay] = await Promise.all([listRequestableVehicles(), getPaySettings()]);
  return { vehicles, rentPerDayCents: pay.rentPerDayCents };
}

/** Whether the courier may ask to renew now, and from when (the server's clock decides). */
async function renewalState(user: SessionUser, leaseEndsAt: Date, pendingKind: string | null) {
  const { leaseRenewalWindowDays, leaseDays } = await getSettings();
  const refusal = renewalRefusal({
    status: user.status,
    leaseEndsAt,
    now: now(),
    windowDays: leaseRenewalWindowDays,
    hasPendingRequest: pendingKind !== null,
  });
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
  const characteristics = pickLocalized(
    { sk: v.characteristicsSk, ua: v.characteristicsUa, en: v.characteristicsEn },
    language,
  );
  return {
    id: v.id,
    name: v.name,
    characteristics: characteristics.text,
    characteristicsLang: characteristics.language,
    status: v.status,
    availableSince: v.availableSince?.toISOString() ?? null,
    leaseEndsAt: v.leaseEndsAt?.toISOString() ?? null,
    licenceCategory: v.licenceCategory,
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

/** Statuses of a courier whose application was approved: they are paid, so they need the Pay page and an IBAN. */
const HIRED: readonly string[] = [
  "working_no_vehicle",
  "applied_for_vehicle",
  "vehicle_rejected",
  "working_with_vehicle",
  "lease_expired",
  "documents_expired",
];

/** The dashboard's link to Pay from the day of hiring (or for anyone with pay history), and whether the IBAN is missing. */
async function payPointer(user: { id: number; status: string }) {
  const hasPay = HIRED.includes(user.status) || (await hasPayHistory(user.id));
  return { hasPay, ibanMissing: hasPay && (await getBankAccount(user.id)) === null };
}

/**
 * The channel choices, Telegram's state when the bot is configured (else that channel is not offered), and
 * the courier's phones with Web Push (always offered: the keys are generated when not configured).
 */
async function notificationsView(userId: number): Promise<DashboardData["notifications"]> {
  const phones = (await pushSubscriptionsOf(userId)).map((p) => ({
    id: p.id,
    label: p.label,
    createdAt: p.createdAt.toISOString(),
    lastSuccessAt: p.lastSuccessAt?.toISOString() ?? null,
  }));
  const telegram = config().telegram ? { connected: (await telegramChatOf(userId)) !== null } : null;
  return {
    telegram,
    push: { publicKey: vapidPublicKey(), phones },
    // With e-mail the only channel there is nothing to choose: no query either.
    choices: telegram || phones.length ? await notificationChoices(userId) : [],
  };
}
