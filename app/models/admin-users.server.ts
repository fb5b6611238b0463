import { and, count, desc, eq, inArray, max, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  applications,
  problemReports,
  referralLinks,
  sessions,
  statusHistory,
  uploads,
  users,
  vehicleRequests,
  vehicles,
} from "~db/schema";
import type { UserFilter, UserSort } from "~/domain/admin-filters";
import type { Role } from "~/domain/status";
import { db, preparedQuery, transaction, type Database, type Tx } from "~/infra/db.server";
import {
  ascNullsFirst,
  caseInsensitiveLike,
  countUserSearchMatches,
  descNullsLast,
  userSearchMatches,
  userSearchValue,
  walkUserSearch,
} from "~/infra/sql-dialect.server";
import { listAuditForUser, recordAudit } from "./audit.server";
import { PAGE_SIZE, offsetOf, toPage } from "./paging.server";
import { likeEscaped, likePattern } from "./search.server";
import { expiringDocumentsCondition } from "./documents.server";
import { deleteFilesOf, deleteUploadRows } from "./uploads.server";

// A tie-break in the sort's own direction, so one index (column, then rowid) serves the whole order.
const sortColumns = {
  createdAt: [users.createdAt],
  email: [users.email],
  fullName: [users.fullName],
  status: [users.status, users.createdAt],
} as const;

/**
 * Search: the users' search index (the FTS5 trigram table on SQLite, the trigram GIN index on
 * PostgreSQL; sql-dialect.server.ts) finds a substring of 3+ characters in the e-mail or name
 * without reading every user, ignoring case and accents; shorter terms fall back to LIKE, which
 * reads every row but is rare and cheap on the short terms it serves.
 */
function searchOf(q: string): SQL {
  const value = userSearchValue(q);
  if (!value) return or(likeEscaped(users.email, q), likeEscaped(users.fullName, q))!;
  return userSearchMatches(users.id, value);
}

async function countOf(filter: UserFilter) {
  const phrase = filter.q ? userSearchValue(filter.q) : null;
  // Search alone: the index holds exactly one row per user, so its own count answers without a join.
  if (phrase && !filter.status && !filter.documents) return countUserSearchMatches(phrase);
  const [row] = await db().select({ n: count() }).from(users).where(whereOf(filter));
  return row?.n ?? 0;
}

function whereOf(filter: Pick<UserFilter, "q" | "status" | "documents">) {
  const parts: SQL[] = [];
  if (filter.documents === "expiring") parts.push(expiringDocumentsCondition()!);
  if (filter.q) parts.push(searchOf(filter.q));
  if (filter.status) parts.push(eq(users.status, filter.status));
  return parts.length ? and(...parts) : undefined;
}

const rowColumns = {
  id: users.id,
  email: users.email,
  referredBy: referralLinks.name,
  role: users.role,
  active: users.active,
  createdAt: users.createdAt,
  fullName: users.fullName,
  status: users.status,
  documentValidUntil: users.documentValidUntil,
};

function orderOf(filter: UserFilter) {
  // Users without a name yet sort before every name ascending and after every name descending.
  const dir = filter.dir === "asc" ? ascNullsFirst : descNullsLast;
  return [...sortColumns[filter.sort].map((column) => dir(column)), dir(users.id)];
}

function selectRows(filter: UserFilter) {
  return db()
    .select(rowColumns)
    .from(users)
    .leftJoin(referralLinks, eq(referralLinks.id, users.referralLinkId))
    .where(whereOf(filter))
    .orderBy(...orderOf(filter));
}

/**
 * One page of the admin's users table with the total for the pager. The page's ids are
 * found first from the index alone, then only those 20 rows are read: an OFFSET over full rows read
 * (and threw away) every row before the page, 10,000 of them on page 500.
 */
export async function listUsers(filter: UserFilter) {
  if (!filter.documents) return listUsersPrepared(filter);
  const total = await countOf(filter);
  const ids = db()
    .select({ id: users.id })
    .from(users)
    .where(whereOf(filter))
    .orderBy(...orderOf(filter))
    .limit(PAGE_SIZE)
    .offset(offsetOf(filter.page));
  const rows = await db()
    .select(rowColumns)
    .from(users)
    .leftJoin(referralLinks, eq(referralLinks.id, users.referralLinkId))
    .where(inArray(users.id, ids))
    .orderBy(...orderOf(filter));
  return toPage(rows, total, filter.page);
}

type SearchKind = "fts" | "like" | null;

/** The same filter with its values as placeholders (`status`, `phrase`, `pattern`), so its SQL is built once. */
function placeholderWhere(status: boolean, search: SearchKind) {
  const parts: SQL[] = [];
  if (search === "fts") parts.push(userSearchMatches(users.id, sql`${sql.placeholder("phrase")}`));
  if (search === "like")
    parts.push(
      sql`(${caseInsensitiveLike(users.email, sql.placeholder("pattern"))} OR ${caseInsensitiveLike(users.fullName, sql.placeholder("pattern"))})`,
    );
  if (status) parts.push(sql`${users.status} = ${sql.placeholder("status")}`);
  return parts.length ? and(...parts) : undefined;
}

/** The queries of one shape of the list (sort, direction, which filters), each built once per connection. */
function listQueriesFor(sort: UserSort, dir: "asc" | "desc", status: boolean, search: SearchKind) {
  const order = orderOf({ sort, dir } as UserFilter);
  const where = placeholderWhere(status, search);
  const pageIds = (connection: Database) =>
    connection
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"));
  return {
    count: preparedQuery((connection) => connection.select({ n: count() }).from(users).where(where).prepare()),
    ids: preparedQuery((connection) => pageIds(connection).prepare()),
    pageRows: preparedQuery((connection) =>
      connection
        .select(rowColumns)
        .from(users)
        .leftJoin(referralLinks, eq(referralLinks.id, users.referralLinkId))
        .where(inArray(users.id, pageIds(connection)))
        .orderBy(...order)
        .prepare(),
    ),
    rowsById: (ids: number[]) =>
      db()
        .select(rowColumns)
        .from(users)
        .leftJoin(referralLinks, eq(referralLinks.id, users.referralLinkId))
        .where(inArray(users.id, ids))
        .orderBy(...order),
  };
}

const listQueries = new Map<string, ReturnType<typeof listQueriesFor>>();

async function listUsersPrepared(filter: UserFilter) {
  const phrase = filter.q ? userSearchValue(filter.q) : null;
  const search: SearchKind = !filter.q ? null : phrase ? "fts" : "like";
  const shape = `${filter.sort} ${filter.dir} ${filter.status ? "status" : ""} ${search ?? ""}`;
  let queries = listQueries.get(shape);
  if (!queries)
    listQueries.set(shape, (queries = listQueriesFor(filter.sort, filter.dir, filter.status !== null, search)));
  const values = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(search === "fts" ? { phrase } : search === "like" ? { pattern: likePattern(filter.q) } : {}),
    limit: PAGE_SIZE,
    offset: offsetOf(filter.page),
  };
  if (search === "fts" && phrase && !filter.status) return searchPage(filter, phrase, queries, values);
  // The whole table or one status: the count comes from an index, the page in index order.
  const [counted] = await queries.count().execute(values);
  return toPage(await queries.pageRows().execute(values), counted?.n ?? 0, filter.page);
}

/**
 * A search alone. Its total is the trigram index's own count (one row per user). A rare term's few
 * matches are read by id and sorted; a common one ("novak": 8,336 of 100,000 users) is not: reading
 * and sorting all its rows took 8–10 ms, while walking the sort's own index until the page is full,
 * keeping the entries the index matched, takes 1–3 ms. The walk is chosen when its expected length
 * ((offset + page) × users ÷ matches) is under ten times the matches it would otherwise read.
 */
async function searchPage(
  filter: UserFilter,
  phrase: string,
  queries: ReturnType<typeof listQueriesFor>,
  values: { limit: number; offset: number },
) {
  const total = await countUserSearchMatches(phrase);
  if (total === 0 || values.offset >= total) return toPage([], total, filter.page);
  const [highest] = await db()
    .select({ n: max(users.id) })
    .from(users);
  const walk = (values.offset + PAGE_SIZE) * (highest?.n ?? 0) < 10 * total * total;
  const ids = walk
    ? await walkUserSearch(phrase, filter.sort, filter.dir, values)
    : await queries.ids().execute({ ...values, phrase });
  const rows = ids.length ? await queries.rowsById(ids.map((row) => row.id)) : [];
  return toPage(rows, total, filter.page);
}

/** Every row matching the filter, for the CSV export (no paging). */
export async function usersForExport(filter: UserFilter) {
  return await selectRows(filter);
}

/** Everything the user detail page shows, or null for an unknown id. */
export async function getUserDetail(id: number, { auditViews = false }: { auditViews?: boolean } = {}) {
  const [user] = await db()
    .select({ ...rowColumns, language: users.language, updatedAt: users.updatedAt })
    .from(users)
    .leftJoin(referralLinks, eq(referralLinks.id, users.referralLinkId))
    .where(eq(users.id, id))
    .limit(1);
  if (!user) return null;
  const actor = alias(users, "actor");
  const requested = alias(vehicles, "requested");
  return {
    user,
    applications: await db()
      .select()
      .from(applications)
      .where(eq(applications.userId, id))
      .orderBy(desc(applications.createdAt)),
    vehicle: (await db().select().from(vehicles).where(eq(vehicles.assignedUserId, id)).limit(1))[0] ?? null,
    requests: await db()
      .select({
        id: vehicleRequests.id,
        kind: vehicleRequests.kind,
        status: vehicleRequests.status,
        createdAt: vehicleRequests.createdAt,
        expiresAt: vehicleRequests.expiresAt,
        vehicleName: requested.name,
      })
      .from(vehicleRequests)
      .leftJoin(requested, eq(requested.id, vehicleRequests.requestedVehicleId))
      .where(eq(vehicleRequests.userId, id))
      .orderBy(desc(vehicleRequests.createdAt)),
    reports: await db()
      .select()
      .from(problemReports)
      .where(eq(problemReports.userId, id))
      .orderBy(desc(problemReports.createdAt)),
    history: await db()
      .select({
        id: statusHistory.id,
        fromStatus: statusHistory.fromStatus,
        toStatus: statusHistory.toStatus,
        reason: statusHistory.reason,
        createdAt: statusHistory.createdAt,
        actorEmail: actor.email,
      })
      .from(statusHistory)
      .leftJoin(actor, eq(actor.id, statusHistory.actorId))
      .where(eq(statusHistory.userId, id))
      .orderBy(desc(statusHistory.createdAt), desc(statusHistory.id)),
    audit: await listAuditForUser(id, { views: auditViews }),
  };
}

/** Refusals the user detail page explains to the admin; anything else is a bug. */
export class AdminUserError extends Error {
  constructor(readonly key: "self" | "notFound" | "eraseMismatch" | "roleUnchanged") {
    super(key);
  }
  get status() {
    return { self: 403, notFound: 404, eraseMismatch: 400, roleUnchanged: 409 }[this.key];
  }
}

async function loadTarget(adminId: number, id: number, tx: Tx) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AdminUserError("notFound");
  if (user.id === adminId) throw new AdminUserError("self");
  return user;
}

/** Activates or deactivates an account; deactivating ends all its sessions at once. */
export async function setUserActive(adminId: number, id: number, active: boolean) {
  await transaction(async (tx) => {
    const user = await loadTarget(adminId, id, tx);
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
    if (!active) await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: active ? "user.activate" : "user.deactivate",
      entityType: "user",
      entityId: id,
      subjectUserId: id,
      before: { active: user.active },
      after: { active },
    });
  });
}

/** Changes a role; the account's sessions end so the new role applies on the next request. */
export async function changeUserRole(adminId: number, id: number, role: Role) {
  await transaction(async (tx) => {
    const user = await loadTarget(adminId, id, tx);
    if (user.role === role) return;
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "user.role",
      entityType: "user",
      entityId: id,
      subjectUserId: id,
      before: { role: user.role },
      after: { role },
    });
  });
}

/**
 * GDPR erasure: the account and every row that belongs to it go (foreign keys cascade), the vehicle
 * it rode is freed, then its files are removed from disk. The audit entry keeps no personal data.
 */
export async function eraseUser(adminId: number, id: number) {
  const keys = await transaction(async (tx) => {
    const user = await loadTarget(adminId, id, tx);
    const appIds = (await tx.select({ id: applications.id }).from(applications).where(eq(applications.userId, id))).map(
      (r) => r.id,
    );
    const reportIds = (
      await tx.select({ id: problemReports.id }).from(problemReports).where(eq(problemReports.userId, id))
    ).map((r) => r.id);
    const owned = [eq(uploads.ownerId, id)];
    if (appIds.length) owned.push(inArray(uploads.applicationId, appIds));
    if (reportIds.length) owned.push(inArray(uploads.problemReportId, reportIds));
    const files = await deleteUploadRows(tx, or(...owned));
    await tx
      .update(vehicles)
      .set({ assignedUserId: null, leaseEndsAt: null, status: "available", updatedAt: new Date() })
      .where(eq(vehicles.assignedUserId, id));
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "user.erase",
      entityType: "user",
      entityId: id,
      before: { role: user.role, status: user.status, files: files.length },
      after: null,
    });
    return files.map((f) => f.storageKey);
  });
  await deleteFilesOf(keys);
  return { files: keys.length };
}
