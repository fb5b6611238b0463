/**
 * The admin lists' filters as their URLs carry them. Routes read them here and hand the result to
 * the models, which only query; anything unknown or malformed falls back to the default.
 */
import { isAuditAction, type AuditAction } from "./audit-sentence";
import { pageNumber, queueFilterFrom } from "./review-queue";
import { searchTerm } from "./text";
import {
  APPLICATION_STATUSES,
  REPORT_STATUSES,
  REQUEST_STATUSES,
  USER_STATUSES,
  type ApplicationStatus,
  type ReportStatus,
  type RequestStatus,
  type UserStatus,
} from "./status";

export const applicationFilterFrom = (p: URLSearchParams) =>
  queueFilterFrom<ApplicationStatus>(p, APPLICATION_STATUSES, "pending");
export const requestFilterFrom = (p: URLSearchParams) => queueFilterFrom<RequestStatus>(p, REQUEST_STATUSES, "pending");
export const reportFilterFrom = (p: URLSearchParams) => queueFilterFrom<ReportStatus>(p, REPORT_STATUSES, "open");

export const USER_SORTS = ["createdAt", "email", "fullName", "status"] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** `documents=expiring`: couriers whose right-to-stay document ends within 30 days, has ended, or whose new one waits. */
export type UserFilter = {
  q: string;
  status: UserStatus | null;
  documents: "expiring" | null;
  sort: UserSort;
  dir: "asc" | "desc";
  page: number;
};

export function userFilterFrom(params: URLSearchParams): UserFilter {
  const status = params.get("status");
  const sort = params.get("sort");
  return {
    q: searchTerm(params),
    status: (USER_STATUSES as readonly string[]).includes(status ?? "") ? (status as UserStatus) : null,
    documents: params.get("documents") === "expiring" ? "expiring" : null,
    sort: (USER_SORTS as readonly string[]).includes(sort ?? "") ? (sort as UserSort) : "createdAt",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: pageNumber(params.get("page")),
  };
}

/** `service=attention`: vehicles in service or whose service is due (the dashboard tile's list). */
export type VehicleFilter = { q: string; service: "attention" | null; page: number };

export function vehicleFilterFrom(params: URLSearchParams): VehicleFilter {
  return {
    q: searchTerm(params),
    service: params.get("service") === "attention" ? "attention" : null,
    page: pageNumber(params.get("page")),
  };
}

/** `views`: also list routine reads (documents opened), hidden by default so decisions stand out. */
export type AuditFilter = {
  actorId: number | null;
  action: AuditAction | null;
  from: string | null;
  to: string | null;
  views: boolean;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function auditFilterFrom(params: URLSearchParams): AuditFilter {
  const actor = Number(params.get("actor"));
  const action = params.get("action");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null;
  };
  return {
    actorId: Number.isInteger(actor) && actor > 0 ? actor : null,
    action: isAuditAction(action) ? action : null,
    from: day("from"),
    to: day("to"),
    views: params.get("views") === "1",
    page: pageNumber(params.get("page")),
  };
}
