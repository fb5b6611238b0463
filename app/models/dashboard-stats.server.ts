import { and, count, eq, gte, isNotNull, lte } from "drizzle-orm";
import { applications, pageViewsDaily, problemReports, users, vehicleRequests, vehicles } from "~db/schema";
import { TRAFFIC_CHART_DAYS } from "~/domain/rules";
import { db, preparedQuery } from "~/infra/db.server";
import { countExpiringDocuments } from "./documents.server";
import { maintenanceTile } from "./maintenance.server";

const DAY = 24 * 60 * 60 * 1000;

/** The dashboard tiles of spec §2. */
export function dashboardTiles() {
  const n = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
  return {
    users: n(db().select({ n: count() }).from(users).where(eq(users.role, "user"))),
    vehicles: n(db().select({ n: count() }).from(vehicles)),
    assignedVehicles: n(db().select({ n: count() }).from(vehicles).where(isNotNull(vehicles.assignedUserId))),
    pendingApplications: n(db().select({ n: count() }).from(applications).where(eq(applications.status, "pending"))),
    openProblems: n(db().select({ n: count() }).from(problemReports).where(eq(problemReports.status, "open"))),
    documentsExpiring: countExpiringDocuments(),
    maintenance: maintenanceTile(),
  };
}

/** `YYYY-MM-DD` in UTC, the key page_views_daily is written with. */
export function dayKey(date: Date) {
  return date.toISOString().slice(0, 10);
}

/** Page views for each of the last 30 days (today included), days without visits as zero. */
export function trafficLastDays(now = new Date(), days = TRAFFIC_CHART_DAYS) {
  const keys = Array.from({ length: days }, (_, i) => dayKey(new Date(now.getTime() - (days - 1 - i) * DAY)));
  const rows = db()
    .select()
    .from(pageViewsDaily)
    .where(and(gte(pageViewsDaily.day, keys[0]!), lte(pageViewsDaily.day, keys[keys.length - 1]!)))
    .all();
  const byDay = new Map(rows.map((r) => [r.day, r.views]));
  return keys.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

/** Work waiting for an admin, shown beside the navigation links. */
// Every admin page shows these counts in its navigation: the three queries are built once.
const pendingCounts = preparedQuery((connection) => ({
  applications: connection.select({ n: count() }).from(applications).where(eq(applications.status, "pending")).prepare(),
  vehicleRequests: connection.select({ n: count() }).from(vehicleRequests).where(eq(vehicleRequests.status, "pending")).prepare(),
  problemReports: connection.select({ n: count() }).from(problemReports).where(eq(problemReports.status, "open")).prepare(),
}));

export function pendingWork() {
  const n = (query: { get(): { n: number } | undefined }) => query.get()?.n ?? 0;
  const counts = pendingCounts();
  return {
    applications: n(counts.applications),
    vehicleRequests: n(counts.vehicleRequests),
    problemReports: n(counts.problemReports),
  };
}
