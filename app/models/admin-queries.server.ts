/** Admin list and detail queries for aggregates whose decisions live in their own models. */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { applications, problemReports, uploads, users, vehicleRequests, vehicles } from "~db/schema";
import { APPLICATION_STATUSES, REPORT_STATUSES, REQUEST_STATUSES, type ApplicationStatus, type ReportStatus, type RequestStatus } from "~/domain/status";
import { reportThread } from "~/domain/report-thread";
import { db } from "~/lib/db.server";
import { pageFrom, pageIds, toPage } from "./admin-list.server";
import { listReportMessages } from "./problem-reports.server";

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly string[]).includes(value ?? "") ? (value as T) : null;
}

export function statusFilterFrom<T extends string>(params: URLSearchParams, values: readonly T[]) {
  return { status: oneOf(values, params.get("status")), page: pageFrom(params.get("page")) };
}
export const applicationFilterFrom = (p: URLSearchParams) => statusFilterFrom<ApplicationStatus>(p, APPLICATION_STATUSES);
export const requestFilterFrom = (p: URLSearchParams) => statusFilterFrom<RequestStatus>(p, REQUEST_STATUSES);
export const reportFilterFrom = (p: URLSearchParams) => statusFilterFrom<ReportStatus>(p, REPORT_STATUSES);

/** Applications, newest first, optionally of one status. */
export function listApplications(filter: { status: ApplicationStatus | null; page: number }) {
  const where = filter.status ? eq(applications.status, filter.status) : undefined;
  const total = db().select({ n: count() }).from(applications).where(where).get()?.n ?? 0;
  const rows = db()
    .select({ id: applications.id, fullName: applications.fullName, age: applications.age, phone: applications.phone, status: applications.status, createdAt: applications.createdAt, userId: users.id, email: users.email })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(inArray(applications.id, pageIds(applications, where, [desc(applications.createdAt), desc(applications.id)], filter.page)))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .all();
  return toPage(rows, total, filter.page);
}

export function getApplicationDetail(id: number) {
  const decider = alias(users, "decider");
  const row = db()
    .select({ application: applications, email: users.email, userStatus: users.status, deciderEmail: decider.email })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(decider, eq(decider.id, applications.decidedById))
    .where(eq(applications.id, id))
    .get();
  if (!row) return null;
  const documents = db()
    .select({ id: uploads.id, kind: uploads.kind, mime: uploads.mime, width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(eq(uploads.applicationId, id))
    .orderBy(asc(uploads.position), asc(uploads.id))
    .all();
  return { ...row, documents };
}

/** Vehicle requests: user, current → requested vehicle, date, lease end, status. */
export function listVehicleRequests(filter: { status: RequestStatus | null; page: number }) {
  const current = alias(vehicles, "current");
  const requested = alias(vehicles, "requested");
  const where = filter.status ? eq(vehicleRequests.status, filter.status) : undefined;
  const total = db().select({ n: count() }).from(vehicleRequests).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      id: vehicleRequests.id,
      kind: vehicleRequests.kind,
      status: vehicleRequests.status,
      reason: vehicleRequests.reason,
      createdAt: vehicleRequests.createdAt,
      expiresAt: vehicleRequests.expiresAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      currentName: current.name,
      requestedId: requested.id,
      requestedName: requested.name,
      requestedStatus: requested.status,
      requestedAvailableSince: requested.availableSince,
    })
    .from(vehicleRequests)
    .innerJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(current, eq(current.id, vehicleRequests.currentVehicleId))
    .leftJoin(requested, eq(requested.id, vehicleRequests.requestedVehicleId))
    .where(inArray(vehicleRequests.id, pageIds(vehicleRequests, where, [desc(vehicleRequests.createdAt), desc(vehicleRequests.id)], filter.page)))
    .orderBy(desc(vehicleRequests.createdAt), desc(vehicleRequests.id))
    .all();
  return toPage(rows, total, filter.page);
}

/** Problem reports, newest first, optionally open or resolved. */
export function listProblemReports(filter: { status: ReportStatus | null; page: number }) {
  const where = filter.status ? eq(problemReports.status, filter.status) : undefined;
  const total = db().select({ n: count() }).from(problemReports).where(where).get()?.n ?? 0;
  const rows = db()
    .select({ id: problemReports.id, description: problemReports.description, status: problemReports.status, createdAt: problemReports.createdAt, resolvedAt: problemReports.resolvedAt, email: users.email, vehicleName: vehicles.name })
    .from(problemReports)
    .innerJoin(users, eq(users.id, problemReports.userId))
    .leftJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .where(inArray(problemReports.id, pageIds(problemReports, where, [desc(problemReports.createdAt), desc(problemReports.id)], filter.page)))
    .orderBy(desc(problemReports.createdAt), desc(problemReports.id))
    .all();
  return toPage(rows, total, filter.page);
}

export function getProblemReportDetail(id: number) {
  const resolver = alias(users, "resolver");
  const row = db()
    .select({ report: problemReports, email: users.email, fullName: users.fullName, vehicleName: vehicles.name, vehicleSerial: vehicles.serialNumber, resolverEmail: resolver.email })
    .from(problemReports)
    .innerJoin(users, eq(users.id, problemReports.userId))
    .leftJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .leftJoin(resolver, eq(resolver.id, problemReports.resolvedById))
    .where(eq(problemReports.id, id))
    .get();
  if (!row) return null;
  const attachments = db()
    .select({ id: uploads.id, mime: uploads.mime, width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(and(eq(uploads.problemReportId, id), inArray(uploads.kind, ["report_attachment"])))
    .orderBy(asc(uploads.position), asc(uploads.id))
    .all();
  const messages = listReportMessages([id]).get(id) ?? [];
  // Admin replies name their author for the other admins; the courier sees only "Courier Fleet".
  const authors = new Map(messages.map((m) => [`message-${m.id}`, m.authorEmail]));
  const thread = reportThread(row.report, messages).map((m) => ({ ...m, authorEmail: authors.get(m.key) ?? null }));
  return { ...row, attachments, thread };
}
