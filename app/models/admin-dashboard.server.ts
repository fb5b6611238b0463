import { and, count, eq, gte, isNotNull, isNull } from "drizzle-orm";
import { applications, outbox, problemReports, users, vehicleRequests, vehicles } from "~db/schema";
import { OUTBOX_MAX_ATTEMPTS } from "~/domain/outbox";
import { db, preparedQuery } from "~/infra/db.server";
import { countExpiringDocuments } from "./documents.server";
import { countFailingMail } from "./outbox.server";
import { maintenanceTile } from "./maintenance.server";
import { payDueTile } from "./pay-review.server";

/** The admin dashboard reads across aggregates: counts only, each from its own table. */

async function countOf(query: PromiseLike<{ n: number }[]>) {
  const [row] = await query;
  return row?.n ?? 0;
}

/** The admin dashboard's tiles (docs/admin.md). */
export async function dashboardTiles() {
  const [
    usersCount,
    vehiclesCount,
    assignedVehicles,
    pendingApplications,
    pendingVehicleRequests,
    openProblems,
    documentsExpiring,
    maintenance,
    payDue,
  ] = await Promise.all([
    countOf(db().select({ n: count() }).from(users).where(eq(users.role, "user"))),
    countOf(db().select({ n: count() }).from(vehicles)),
    countOf(db().select({ n: count() }).from(vehicles).where(isNotNull(vehicles.assignedUserId))),
    countOf(db().select({ n: count() }).from(applications).where(eq(applications.status, "pending"))),
    countOf(db().select({ n: count() }).from(vehicleRequests).where(eq(vehicleRequests.status, "pending"))),
    countOf(db().select({ n: count() }).from(problemReports).where(eq(problemReports.status, "open"))),
    countExpiringDocuments(),
    maintenanceTile(),
    payDueTile(),
  ]);
  const failingMail = await countFailingMail();
  return {
    users: usersCount,
    vehicles: vehiclesCount,
    assignedVehicles,
    pendingApplications,
    pendingVehicleRequests,
    openProblems,
    documentsExpiring,
    maintenance,
    failingMail,
    payDue,
  };
}

// Every admin page shows these counts in its navigation: the three queries are built once.
const pendingCounts = preparedQuery((connection) => ({
  applications: connection
    .select({ n: count() })
    .from(applications)
    .where(eq(applications.status, "pending"))
    .prepare(),
  vehicleRequests: connection
    .select({ n: count() })
    .from(vehicleRequests)
    .where(eq(vehicleRequests.status, "pending"))
    .prepare(),
  problemReports: connection
    .select({ n: count() })
    .from(problemReports)
    .where(eq(problemReports.status, "open"))
    .prepare(),
  mail: connection
    .select({ n: count() })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), gte(outbox.attempts, OUTBOX_MAX_ATTEMPTS)))
    .prepare(),
}));

/** Work waiting for an admin, shown beside the navigation links. */
export async function pendingWork() {
  const counts = pendingCounts();
  return {
    applications: await countOf(counts.applications.execute()),
    vehicleRequests: await countOf(counts.vehicleRequests.execute()),
    problemReports: await countOf(counts.problemReports.execute()),
    // E-mails that used up their attempts (/admin/mail).
    mail: await countOf(counts.mail.execute()),
  };
}
