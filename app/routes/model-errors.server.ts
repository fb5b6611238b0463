/**
 * The one place a route turns a refusal a model raised (DecisionError, VehicleError, …) into its
 * answer: the translated message with the error's status, or a bare 404 where the thing the admin
 * asked about does not exist. An error no model raised is thrown on, for the error boundary.
 * app/architecture.test.ts keeps every other route file from mapping a model error by hand.
 */
import { data, type RouterContextProvider } from "react-router";
import type { ActionIntent } from "~/components/dashboard/types";
import { isoWeekLabel } from "~/domain/pay-week";
import { getInstance } from "~/infra/i18n.server";
import { AdminUserError } from "~/models/admin-users.server";
import { CompanyProfileError } from "~/models/company-profile.server";
import { DecisionError } from "~/models/decisions.server";
import { ImportError } from "~/models/earnings-import.server";
import { HandoverError } from "~/models/handovers.server";
import { LeaseError } from "~/models/leases.server";
import { MaintenanceError } from "~/models/maintenance.server";
import { NewsError } from "~/models/news.server";
import { RulesError } from "~/models/operator-rules.server";
import { AdjustmentError } from "~/models/pay-adjustments.server";
import { PayQuestionError } from "~/models/pay-questions.server";
import { ReviewError } from "~/models/pay-review.server";
import { PayoutBatchError } from "~/models/payout-batches.server";
import { PlatformError } from "~/models/platforms.server";
import { VehicleError } from "~/models/vehicles.server";
import { PayoutFileError } from "~/services/payout-file.server";
import { notFound } from "./admin/admin-action.server";
import { refuse as refuseOnDashboard } from "./dashboard/respond.server";

type Context = Readonly<RouterContextProvider>;
type Translate = (key: string, values?: Record<string, unknown>) => string;
/** Who reads the answer: the admin's pages and the courier's have their own words. */
export type Reader = "admin" | "courier";
/** A translation key for the message, or null: the thing asked about is gone, a bare 404. */
type Meaning = string | null;
/** A route's own words for some error keys, e.g. `{ replyRequired: "admin:reports.replyEmpty" }`. */
export type Keys = Readonly<Record<string, Meaning>> | ((key: string) => Meaning | undefined);

type Kind<E extends Error> = {
  of: abstract new (...args: never[]) => E;
  key: (error: E) => string;
  meaning: Partial<Record<Reader, (error: E) => Meaning>>;
  status: (error: E) => number;
  values?: (error: E, t: Translate) => Record<string, unknown>;
  /** More sentences after the message (e.g. every statement held back). */
  more?: (error: E, t: Translate) => string[];
  headers?: (error: E) => Record<string, string> | undefined;
};

const kind = <E extends Error>(k: Kind<E>) => k as unknown as Kind<Error>;
/** The admin's words under `prefix`, and a bare 404 for "notFound". */
const gone = (prefix: string) => (error: { key: string }) =>
  error.key === "notFound" ? null : `${prefix}${error.key}`;
const keyed = (error: { key: string }) => error.key;

const KINDS: Kind<Error>[] = [
  kind({
    of: DecisionError,
    key: keyed,
    meaning: { admin: gone("admin:decisions."), courier: (e) => `dashboard:refusals.${e.key}` },
    status: (e) => e.status,
  }),
  kind({ of: LeaseError, key: keyed, meaning: { admin: gone("admin:leases.") }, status: () => 409 }),
  kind({
    of: MaintenanceError,
    key: keyed,
    meaning: { admin: gone("admin:vehicles.errors.") },
    status: (e) => e.status,
  }),
  kind({ of: VehicleError, key: keyed, meaning: { admin: gone("admin:vehicles.errors.") }, status: () => 409 }),
  kind({
    of: PlatformError,
    key: keyed,
    meaning: { admin: (e) => `admin:pay.errors.${e.key}` },
    status: (e) => e.status,
  }),
  kind({
    of: AdjustmentError,
    key: keyed,
    meaning: { admin: (e) => `admin:pay.adjust.errors.${e.key}` },
    status: (e) => e.status,
  }),
  kind({
    of: ReviewError,
    key: keyed,
    meaning: { admin: (e) => `admin:pay.review.errors.${e.key}` },
    status: (e) => e.status,
  }),
  kind({
    of: PayoutBatchError,
    key: keyed,
    meaning: { admin: (e) => `admin:pay.batch.errors.${e.key}` },
    status: (e) => e.status,
    more: (e, t) =>
      e.key === "nothingWritable"
        ? e.heldBack.map((h) =>
            t("admin:pay.batch.heldBackOne", { name: h.name, problem: t(`admin:pay.batch.fileProblem.${h.problem}`) }),
          )
        : [],
  }),
  kind({
    of: PayoutFileError,
    key: (e) => e.problem,
    meaning: {
      admin: (e) =>
        e.problem === "debtorMissing" ? "admin:pay.batch.errors.debtorMissing" : "admin:pay.batch.errors.file",
    },
    status: () => 400,
    values: (e, t) => ({
      statement: String(e.details.statementId ?? "—"),
      problem: t(`admin:pay.batch.fileProblem.${e.problem}`),
    }),
  }),
  kind({
    of: HandoverError,
    key: keyed,
    meaning: { admin: (e) => `admin:handovers.errors.${e.key}`, courier: (e) => `dashboard:handover.errors.${e.key}` },
    status: (e) => e.status,
  }),
  kind({ of: ImportError, key: keyed, meaning: { admin: gone("admin:pay.import.errors.") }, status: (e) => e.status }),
  kind({
    of: PayQuestionError,
    key: keyed,
    meaning: { admin: gone("pay:questions.errors."), courier: (e) => `pay:questions.errors.${e.key}` },
    status: (e) => e.status,
    values: (e) => ({ minutes: Math.ceil((e.retryAfterSeconds ?? 0) / 60) }),
    headers: (e) => (e.retryAfterSeconds ? { "Retry-After": String(e.retryAfterSeconds) } : undefined),
  }),
  kind({
    of: AdminUserError,
    key: keyed,
    meaning: {
      admin: (e) => (e.key === "notFound" ? null : e.key === "self" ? "admin:users.notSelf" : `admin:users.${e.key}`),
    },
    status: (e) => e.status,
  }),
  kind({
    of: RulesError,
    key: keyed,
    meaning: { admin: (e) => `admin:rules.refused.${e.key}` },
    status: (e) => e.status,
    values: (e) => ({ week: e.earliestWeek ? isoWeekLabel(e.earliestWeek) : "" }),
  }),
  kind({ of: CompanyProfileError, key: keyed, meaning: { admin: () => "admin:company.conflict" }, status: () => 409 }),
  kind({ of: NewsError, key: keyed, meaning: { admin: () => "admin:news.tooManyMedia" }, status: () => 409 }),
];

export type Refusal = {
  /** The translated message; empty when `missing`. */
  message: string;
  status: number;
  /** The thing asked about does not exist: answer a bare 404. */
  missing: boolean;
  headers?: Record<string, string>;
};

/** Whether a model raised this error on purpose (a refusal the reader has words for), rather than something breaking. */
export function isModelError(error: unknown, reader: Reader): error is Error {
  return KINDS.some((k) => error instanceof k.of && k.meaning[reader] !== undefined);
}

/** What a model's refusal means to the reader; any other error is thrown on. */
export function refusalOf(context: Context, error: unknown, reader: Reader, keys: Keys = {}): Refusal {
  const k = KINDS.find((candidate) => error instanceof candidate.of);
  const meaningOf = k?.meaning[reader];
  if (!k || !meaningOf) throw error;
  const e = error as Error;
  const own = typeof keys === "function" ? keys(k.key(e)) : keys[k.key(e)];
  const meaning = own === undefined ? meaningOf(e) : own;
  if (meaning === null) return { message: "", status: 404, missing: true };
  const t: Translate = (key, values) => getInstance(context).t(key, values);
  const message = [t(meaning, k.values?.(e, t)), ...(k.more?.(e, t) ?? [])].join(" ");
  return { message, status: k.status(e), missing: false, headers: k.headers?.(e) };
}

/** An admin page's answer: a bare 404, or the translated `formError` the page shows, nothing changed. */
export function adminRefusal(context: Context, error: unknown, keys?: Keys) {
  const refusal = refusalOf(context, error, "admin", keys);
  return refusal.missing ? notFound() : data({ formError: refusal.message }, { status: refusal.status });
}

/** A dashboard form's answer: the message shown next to the form the courier sent. */
export function courierRefusal(context: Context, intent: ActionIntent, error: unknown, keys?: Keys) {
  const refusal = refusalOf(context, error, "courier", keys);
  return refuseOnDashboard(context, intent, refusal.status, refusal.message, refusal.headers);
}
