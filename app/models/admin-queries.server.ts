/** Admin list and detail queries for aggregates whose decisions live in their own models. */
import { and, asc, count, desc, eq, inArray, or, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { applications, problemReports, uploads, users, vehicleRequests, vehicles } from "~db/schema";
import type { ApplicationStatus, ReportStatus, RequestStatus } from "~/domain/status";
import { reportThread } from "~/domain/report-thread";
import { phoneDigits, type QueueFilter } from "~/domain/review-queue";
import { db } from "~/infra/db.server";
import { likeEscaped, likePattern, pageIds, toPage } from "./admin-list.server";
import { listReportMessages } from "./problem-reports.server";

/** A search term against a person: name, e-mail, the phone of any of their applications, their vehicle. */
function personMatches(userId: SQLWrapper, q: string) {
  const digits = phoneDigits(q);
  const phone = digits
    ? sql`exists (select 1 from ${applications} a where a.user_id = ${userId} and replace(replace(replace(replace(a.phone, ' ', ''), '-', ''), '+', ''), '/', '') like ${likePattern(digits)} escape '\\')`
    : sql`exists (select 1 from ${applications} a where a.user_id = ${userId} and a.phone like ${likePattern(q)} escape '\\')`;
  return or(
    sql`exists (select 1 from ${users} u where u.id = ${userId} and (u.email like ${likePattern(q)} escape '\\' or u.full_name like ${likePattern(q)} escape '\\'))`,
    phone,
    sql`exists (select 1 from ${vehicles} v where v.assigned_user_id = ${userId} and (v.name like ${likePattern(q)} escape '\\' or v.serial_number like ${likePattern(q)} escape '\\'))`,
  );
}

function applicationWhere(filter: QueueFilter<ApplicationStatus>) {
  return and(
    filter.status === "all" ? undefined : eq(applications.status, filter.status),
    filter.q ? or(likeEscaped(applications.fullName, filter.q), personMatches(applications.userId, filter.q)) : undefined,
  );
}

/** Applications of one status (pending by default), oldest or newest first, optionally searched. */
export function listApplications(filter: QueueFilter<ApplicationStatus>) {
  const where = applicationWhere(filter);
  const dir = filter.sort === "oldest" ? asc : desc;
  const order = [dir(applications.createdAt), dir(applications.id)];
  const total = db().select({ n: count() }).from(applications).where(where).get()?.n ?? 0;
  const rows = db()
    .select({ id: applications.id, fullName: applications.fullName, age: applications.age, phone: applications.phone, status: applications.status, createdAt: applications.createdAt, userId: users.id, email: users.email })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(inArray(applications.id, pageIds(applications, where, order, filter.page)))
    .orderBy(...order)
    .all();
  return toPage(rows, total, filter.page);
}

/** The ids of the pending applications, oldest first: the review queue a detail page moves through. */
export function pendingApplicationQueue(limit = 1000) {
  return db()
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.status, "pending"))
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(limit)
    .all()
    .map((r) => r.id);
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

/** Vehicle requests (pending by default, oldest first): user, current → requested vehicle, date, lease end, status. */
export function listVehicleRequests(filter: QueueFilter<RequestStatus>) {
  const current = alias(vehicles, "current");
  const requested = alias(vehicles, "requested");
  const where = and(
    filter.status === "all" ? undefined : eq(vehicleRequests.status, filter.status),
    filter.q
      ? or(
          personMatches(vehicleRequests.userId, filter.q),
          sql`exists (select 1 from ${vehicles} rv where rv.id = ${vehicleRequests.requestedVehicleId} and (rv.name like ${likePattern(filter.q)} escape '\\' or rv.serial_number like ${likePattern(filter.q)} escape '\\'))`,
        )
      : undefined,
  );
  const dir = filter.sort === "oldest" ? asc : desc;
  const order = [dir(vehicleRequests.createdAt), dir(vehicleRequests.id)];
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
      currentLeaseEndsAt: current.leaseEndsAt,
      requestedId: requested.id,
      requestedName: requested.name,
      requestedStatus: requested.status,
      requestedAvailableSince: requested.availableSince,
    })
    .from(vehicleRequests)
    .innerJoin(users, eq(users.id, vehicleRequests.userId))
    .leftJoin(current, eq(current.id, vehicleRequests.currentVehicleId))
    .leftJoin(requested, eq(requested.id, vehicleRequests.requestedVehicleId))
    .where(inArray(vehicleRequests.id, pageIds(vehicleRequests, where, order, filter.page)))
    .orderBy(...order)
    .all();
  return toPage(rows, total, filter.page);
}

/** Problem reports (open by default, oldest first), searched by person, vehicle or text. */
export function listProblemReports(filter: QueueFilter<ReportStatus>) {
  const where = and(
    filter.status === "all" ? undefined : eq(problemReports.status, filter.status),
    filter.q
      ? or(
          personMatches(problemReports.userId, filter.q),
          likeEscaped(problemReports.description, filter.q),
          sql`exists (select 1 from ${vehicles} rv where rv.id = ${problemReports.vehicleId} and (rv.name like ${likePattern(filter.q)} escape '\\' or rv.serial_number like ${likePattern(filter.q)} escape '\\'))`,
        )
      : undefined,
  );
  const dir = filter.sort === "oldest" ? asc : desc;
  const order = [dir(problemReports.createdAt), dir(problemReports.id)];
  const total = db().select({ n: count() }).from(problemReports).where(where).get()?.n ?? 0;
  const rows = db()
    .select({ id: problemReports.id, description: problemReports.description, status: problemReports.status, createdAt: problemReports.createdAt, resolvedAt: problemReports.resolvedAt, userId: users.id, email: users.email, fullName: users.fullName, vehicleName: vehicles.name })
    .from(problemReports)
    .innerJoin(users, eq(users.id, problemReports.userId))
    .leftJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .where(inArray(problemReports.id, pageIds(problemReports, where, order, filter.page)))
    .orderBy(...order)
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
