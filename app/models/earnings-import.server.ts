/**
 * The week's earnings import (docs/pay.md, "Platform accounts and import"): an uploaded file waits as a pending import (an
 * earning_imports row without committed_at, its bytes in private storage) while the admin previews it,
 * links unknown accounts and maps columns; the commit then upserts its good rows by (platform, account, day)
 * in one transaction. The same file again writes nothing; a corrected file replaces the changed days, and
 * the audit entry lists them old → new.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { earningImports, earnings, payStatements, platforms, users } from "~db/schema";
import {
  addDays,
  analyseEarnings,
  INT32_MAX,
  type AdjustmentDetails,
  genericMapping,
  mappingFits,
  type EarningRow,
  type EarningsMapping,
  type EarningsTable,
  type FileProblem,
  type ImportCorrection,
  type RowProblem,
} from "~/domain/earnings-csv";
import { readEarningsTable } from "~/domain/earnings-table";
import { safeFileName } from "~/domain/files";
import { workPayCents, type PaySettings } from "~/domain/pay-rule";
import { db, transaction, type Tx } from "~/infra/db.server";
import { now as serverNow } from "~/infra/clock.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import {
  commitUploads,
  deleteStoredFiles,
  discardUploads,
  prepareUpload,
  readStoredFile,
  type ReceivedFile,
} from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { addImportCorrectionIn, nextOpenWeek } from "./pay-adjustments.server";
import { gatherWeek, isWeekClosed, recomputeFromIn } from "./pay-statements.server";
import { accountOwners, findPlatform, listPlatforms } from "./platforms.server";
import { getPaySettings, getPaySettingsForWeek, loadPayRules } from "./settings.server";

export class ImportError extends Error {
  constructor(readonly key: FileProblem | "notFound" | "needsMapping" | "alreadyCommitted" | "outOfRange") {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : this.key === "alreadyCommitted" ? 409 : 400;
  }
}

/** Upsert chunk: 8 values a row stays below SQLite's 32,766 bound parameters. */
const CHUNK = 3_000;
/** At most this many changed rows are spelled out in the audit entry (the count is always there). */
const AUDITED_CHANGES = 50;

/** Keeps the uploaded file privately as a pending import of `platformId` for the week starting `weekStart`. */
export async function stageEarningsFile(
  adminId: number,
  input: { platformId: number; weekStart: string },
  file: ReceivedFile,
) {
  const table = readEarningsTable(new Uint8Array(await Bun.file(file.path).arrayBuffer()));
  if ("problem" in table) throw new ImportError(table.problem);
  if (!(await findPlatform(input.platformId))) throw new ImportError("notFound");
  const prepared = await prepareUpload(file);
  try {
    const id = await transaction(async (tx) => {
      const [row] = await tx
        .insert(earningImports)
        .values({
          ...input,
          // Safe already when it came through the upload form; a name with NUL or a bidi override is never stored.
          fileName: safeFileName(file.name) || "earnings.csv",
          storageKey: prepared.storageKey,
          sha256: prepared.contentHash,
          rowsCount: table.rows.length,
          createdById: adminId,
        })
        .returning({ id: earningImports.id });
      return row!.id;
    });
    await commitUploads([prepared]);
    return id;
  } catch (error) {
    await discardUploads([prepared]);
    throw error;
  }
}

export type CourierTotals = {
  userId: number;
  email: string;
  fullName: string | null;
  rows: number;
  minutes: number;
  deliveries: number;
  grossCents: number;
  tipsCents: number;
};
type OwnedRow = EarningRow & { userId: number };

export type ImportPreview =
  | {
      status: "needsMapping";
      import: PendingImport;
      platformName: string;
      header: string[];
      mapping: EarningsMapping | null;
    }
  | {
      status: "ready";
      import: PendingImport;
      platformName: string;
      mapping: EarningsMapping;
      generic: boolean;
      read: number;
      rows: OwnedRow[];
      problems: RowProblem[];
      /** Account ids no courier holds on a day of the file, with the first such day (the link form's start date). */
      unknownAccounts: { accountId: string; firstDay: string }[];
      totals: CourierTotals[];
      /** Of the good rows: not yet stored, stored with other values, stored as they are. */
      counts: { added: number; changed: number; unchanged: number };
      /** Couriers whose statement of the week is frozen and whose days this file adds or changes. */
      corrections: ImportCorrection[];
    };

export type PendingImport = Awaited<ReturnType<typeof findPendingImport>> & {};

export async function findPendingImport(id: number) {
  const [row] = await db()
    .select()
    .from(earningImports)
    .where(and(eq(earningImports.id, id), isNull(earningImports.committedAt)))
    .limit(1);
  return row;
}

async function readPendingTable(storageKey: string): Promise<EarningsTable> {
  const stored = await readStoredFile(storageKey);
  if (!stored) throw new ImportError("notFound");
  const table = readEarningsTable(new Uint8Array(await stored.arrayBuffer()));
  if ("problem" in table) throw new ImportError(table.problem);
  return table;
}

/**
 * The last few files read and checked, kept in this process: a pending file never changes (its storage
 * key is new for every upload), so the commit that follows a preview — or a re-preview after linking an
 * account — does not decode and check 50,000 rows again. Account owners are always matched afresh.
 * Another instance, or a restart, simply reads the file again.
 */
type ReadFile = { table: EarningsTable; analysis?: { key: string; result: ReturnType<typeof analyseEarnings> } };
const readFiles = new Map<string, ReadFile>();
const READ_FILES_KEPT = 2;

async function pendingFile(storageKey: string): Promise<ReadFile> {
  const kept = readFiles.get(storageKey);
  if (kept) return kept;
  const file = { table: await readPendingTable(storageKey) };
  readFiles.set(storageKey, file);
  for (const key of readFiles.keys()) if (readFiles.size > READ_FILES_KEPT) readFiles.delete(key);
  return file;
}

function analysedOnce(file: ReadFile, mapping: EarningsMapping, options: Parameters<typeof analyseEarnings>[2]) {
  const key = JSON.stringify([mapping, options]);
  if (file.analysis?.key !== key) file.analysis = { key, result: analyseEarnings(file.table, mapping, options) };
  return file.analysis.result;
}

const keyOf = (row: { accountId: string; day: string }) => `${row.accountId}\u0000${row.day}`;

/** What is stored for the platform in the week, by account and day (read through `tx` inside the commit). */
async function storedWeek(connection: Tx | ReturnType<typeof db>, platformId: number, weekStart: string) {
  const rows = await connection
    .select({
      id: earnings.id,
      accountId: earnings.accountId,
      day: earnings.day,
      minutes: earnings.minutes,
      deliveries: earnings.deliveries,
      grossCents: earnings.grossCents,
      tipsCents: earnings.tipsCents,
    })
    .from(earnings)
    .where(
      and(eq(earnings.platformId, platformId), gte(earnings.day, weekStart), lte(earnings.day, addDays(weekStart, 6))),
    );
  return new Map(rows.map((row) => [keyOf(row), row]));
}

type Stored = Awaited<ReturnType<typeof storedWeek>>;
const sameValues = (a: EarningRow, b: Omit<EarningRow, "line">) =>
  a.minutes === b.minutes &&
  a.deliveries === b.deliveries &&
  a.grossCents === b.grossCents &&
  a.tipsCents === b.tipsCents;

function diff<R extends EarningRow>(rows: R[], stored: Stored) {
  const added: R[] = [];
  const changed: { row: R; before: Omit<EarningRow, "line"> }[] = [];
  for (const row of rows) {
    const before = stored.get(keyOf(row));
    if (!before) added.push(row);
    else if (!sameValues(row, before)) changed.push({ row, before });
  }
  return { added, changed };
}

/** The pending import read, checked and matched to couriers; nothing is written. */
export async function previewImport(id: number): Promise<ImportPreview> {
  const matched = await matchPendingImport(id);
  if (matched.status !== "ready") return matched;
  const { weekStart } = matched.import;
  const { added, changed } = diff(matched.rows, await storedWeek(db(), matched.import.platformId, weekStart));
  const frozen = await frozenStatements(db(), weekStart, touchedCouriers(added, changed));
  const differences = frozen.size ? differencesOf(added, changed, frozen) : [];
  const corrections: ImportCorrection[] = [];
  if (differences.length) {
    const week = await gatherWeek(db(), weekStart);
    // The difference is paid under the rules of the week it corrects.
    const settings = await getPaySettingsForWeek(weekStart);
    for (const d of differences) {
      const before = week.get(d.userId) ?? { minutes: 0, grossCents: 0, tipsCents: 0 };
      const totals = matched.totals.find((t) => t.userId === d.userId);
      corrections.push({
        ...d,
        email: totals?.email ?? "",
        fullName: totals?.fullName ?? null,
        status: frozen.get(d.userId)!,
        amountCents: payDifference(before, d, settings),
        landsIn: await nextOpenWeek(d.userId, addDays(weekStart, 7)),
      });
    }
  }
  return {
    ...matched,
    counts: {
      added: added.length,
      changed: changed.length,
      unchanged: matched.rows.length - added.length - changed.length,
    },
    corrections,
  };
}

type Added = OwnedRow[];
type Changed = { row: OwnedRow; before: Omit<EarningRow, "line"> }[];

const touchedCouriers = (added: Added, changed: Changed) => [
  ...new Set([...added.map((r) => r.userId), ...changed.map((c) => c.row.userId)]),
];

/**
 * The week's statements that are no longer drafts, of these couriers: user → status. Inside the commit every
 * statement of theirs in the week is locked, drafts included: an approval waits for the import and then
 * approves the recomputed draft, rather than freezing the old one while the import counts it as a draft.
 */
async function frozenStatements(
  connection: Tx | ReturnType<typeof db>,
  weekStart: string,
  userIds: number[],
  lock = false,
) {
  const frozen = new Map<number, string>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const query = connection
      .select({ userId: payStatements.userId, status: payStatements.status })
      .from(payStatements)
      .where(
        and(
          eq(payStatements.weekStart, weekStart),
          lock ? undefined : ne(payStatements.status, "draft"),
          inArray(payStatements.userId, userIds.slice(i, i + CHUNK)),
        ),
      );
    for (const row of await (lock ? forUpdate(query) : query))
      if (row.userId !== null && row.status !== "draft") frozen.set(row.userId, row.status);
  }
  return frozen;
}

/** Per courier with a frozen statement: what the new and changed rows add to their week (signed). */
function differencesOf(added: Added, changed: Changed, frozen: Map<number, string>) {
  const byUser = new Map<number, { userId: number; minutes: number; grossCents: number; tipsCents: number }>();
  const add = (userId: number, minutes: number, grossCents: number, tipsCents: number) => {
    if (!frozen.has(userId)) return;
    const d = byUser.get(userId) ?? { userId, minutes: 0, grossCents: 0, tipsCents: 0 };
    d.minutes += minutes;
    d.grossCents += grossCents;
    d.tipsCents += tipsCents;
    byUser.set(userId, d);
  };
  for (const row of added) add(row.userId, row.minutes, row.grossCents, row.tipsCents);
  for (const { row, before } of changed)
    add(row.userId, row.minutes - before.minutes, row.grossCents - before.grossCents, row.tipsCents - before.tipsCents);
  return Array.from(byUser, ([, d]) => d).filter((d) => d.minutes !== 0 || d.grossCents !== 0 || d.tipsCents !== 0);
}

type Work = { minutes: number; grossCents: number; tipsCents: number };

/** The difference in pay plus tips between the week's totals before and after: the rule rounds on totals, so does this. */
function payDifference(before: Work, delta: Work, settings: PaySettings) {
  const after = {
    minutes: before.minutes + delta.minutes,
    grossCents: before.grossCents + delta.grossCents,
    tipsCents: before.tipsCents + delta.tipsCents,
  };
  return workPayCents(after, settings) + after.tipsCents - (workPayCents(before, settings) + before.tipsCents);
}

/** Refuses any integer a 32-bit column (PostgreSQL `integer`) cannot hold, before it reaches SQL on either engine. */
function assertInt32(...values: number[]) {
  for (const value of values)
    if (!Number.isSafeInteger(value) || value < 0 || value > INT32_MAX) throw new ImportError("outOfRange");
}

/** The preview without its comparison with the stored week (the commit compares inside its transaction). */
async function matchPendingImport(
  id: number,
): Promise<
  | Exclude<ImportPreview, { status: "ready" }>
  | Omit<Extract<ImportPreview, { status: "ready" }>, "counts" | "corrections">
> {
  const pending = await findPendingImport(id);
  if (!pending) throw new ImportError("notFound");
  const platform = await findPlatform(pending.platformId);
  if (!platform) throw new ImportError("notFound");
  const file = await pendingFile(pending.storageKey);
  const { table } = file;
  const generic = genericMapping(table.header);
  const remembered =
    platform.columnMapping && mappingFits(platform.columnMapping, table.header) ? platform.columnMapping : null;
  const mapping = generic ?? remembered;
  if (!mapping)
    return {
      status: "needsMapping",
      import: pending,
      platformName: platform.name,
      header: table.header,
      mapping: platform.columnMapping,
    };
  const otherPlatforms = (await listPlatforms()).filter((p) => p.id !== platform.id).map((p) => p.name);
  const { maxDailyGrossCents, maxDailyTipsCents } = await getPaySettings();
  const analysed = analysedOnce(file, mapping, {
    weekStart: pending.weekStart,
    platformName: platform.name,
    otherPlatforms,
    limits: { maxDailyGrossCents, maxDailyTipsCents },
  });
  const weekEnd = addDays(pending.weekStart, 6);
  const owners = await accountOwners(
    pending.platformId,
    [...new Set(analysed.rows.map((r) => r.accountId))],
    pending.weekStart,
    weekEnd,
  );
  const byAccount = Map.groupBy(owners, (owner) => owner.accountId);
  const problems = [...analysed.problems];
  const unknown = new Map<string, string>();
  const rows: OwnedRow[] = [];
  const totals = new Map<number, CourierTotals>();
  for (const row of analysed.rows) {
    const owner = byAccount
      .get(row.accountId)
      ?.find((o) => o.startsOn <= row.day && (o.endsOn === null || o.endsOn >= row.day));
    if (!owner) {
      problems.push({ line: row.line, accountId: row.accountId, code: "unknownAccount" });
      if (!unknown.has(row.accountId) || unknown.get(row.accountId)! > row.day) unknown.set(row.accountId, row.day);
      continue;
    }
    rows.push({ ...row, userId: owner.userId });
    const total = totals.get(owner.userId) ?? {
      userId: owner.userId,
      email: owner.email,
      fullName: owner.fullName,
      rows: 0,
      minutes: 0,
      deliveries: 0,
      grossCents: 0,
      tipsCents: 0,
    };
    total.rows += 1;
    total.minutes += row.minutes;
    total.deliveries += row.deliveries;
    total.grossCents += row.grossCents;
    total.tipsCents += row.tipsCents;
    totals.set(owner.userId, total);
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    status: "ready",
    import: pending,
    platformName: platform.name,
    mapping,
    generic: generic !== null,
    read: analysed.read,
    rows,
    problems,
    unknownAccounts: [...unknown.entries()]
      .map(([accountId, firstDay]) => ({ accountId, firstDay }))
      .sort((a, b) => a.accountId.localeCompare(b.accountId)),
    totals: Array.from(totals, ([, total]) => total).sort((a, b) =>
      (a.fullName ?? a.email).localeCompare(b.fullName ?? b.email),
    ),
  };
}

export type CommitResult = { added: number; changed: number; unchanged: number; skipped: number };

const brief = (row: Omit<EarningRow, "line">) => ({
  accountId: row.accountId,
  day: row.day,
  minutes: row.minutes,
  deliveries: row.deliveries,
  grossCents: row.grossCents,
  tipsCents: row.tipsCents,
});

/**
 * Writes the good rows of a pending import in one transaction, with everything that follows from them: the
 * week's drafts (and the later ones the balance runs into) and, for a courier whose statement of the week is
 * frozen, a correction line on their next open week (CONTRACT §7). Either all of it is written or none: a
 * failure anywhere leaves the import pending, to be committed again or discarded. Nothing new or changed:
 * nothing is written, the pending import and its file are dropped, no audit entry.
 */
export async function commitImport(adminId: number, id: number, now = serverNow()): Promise<CommitResult> {
  const preview = await matchPendingImport(id);
  if (preview.status !== "ready") throw new ImportError("needsMapping");
  const { import: pending } = preview;
  const skipped = preview.read - preview.rows.length;
  for (const row of preview.rows) assertInt32(row.minutes, row.deliveries, row.grossCents, row.tipsCents);
  const result = await transaction(async (tx) => {
    // The money rules as this transaction sees them: each week is computed with its own.
    const rules = await loadPayRules(tx);
    const settings = rules.forWeek(pending.weekStart);
    const [still] = await forUpdate(
      tx
        .select({ committedAt: earningImports.committedAt })
        .from(earningImports)
        .where(eq(earningImports.id, id))
        .limit(1),
    );
    if (!still) throw new ImportError("notFound");
    if (still.committedAt) throw new ImportError("alreadyCommitted");
    const { weekStart } = pending;
    const { added, changed } = diff(preview.rows, await storedWeek(tx, pending.platformId, weekStart));
    const counts = {
      added: added.length,
      changed: changed.length,
      unchanged: preview.rows.length - added.length - changed.length,
      skipped,
    };
    if (added.length + changed.length === 0) {
      await tx.delete(earningImports).where(eq(earningImports.id, id));
      return { counts, dropped: true };
    }
    const frozen = await frozenStatements(tx, weekStart, touchedCouriers(added, changed), true);
    const differences = frozen.size ? differencesOf(added, changed, frozen) : [];
    const writes = [...added, ...changed.map((c) => c.row)];
    for (let i = 0; i < writes.length; i += CHUNK) {
      await tx
        .insert(earnings)
        .values(
          writes.slice(i, i + CHUNK).map((row) => ({ platformId: pending.platformId, ...brief(row), importId: id })),
        )
        .onConflictDoUpdate({
          target: [earnings.platformId, earnings.accountId, earnings.day],
          set: {
            minutes: sql`excluded.minutes`,
            deliveries: sql`excluded.deliveries`,
            grossCents: sql`excluded.gross_cents`,
            tipsCents: sql`excluded.tips_cents`,
            importId: sql`excluded.import_id`,
          },
        });
    }
    // The week's totals as they now stand, each in range before any statement is computed from them.
    const week = await gatherWeek(tx, weekStart);
    for (const [, work] of week)
      assertInt32(work.minutes, work.deliveries, work.grossCents, work.tipsCents, workPayCents(work, settings));
    const landed = new Set<string>();
    for (const d of differences) {
      const after = week.get(d.userId) ?? { minutes: 0, grossCents: 0, tipsCents: 0 };
      const before = {
        minutes: after.minutes - d.minutes,
        grossCents: after.grossCents - d.grossCents,
        tipsCents: after.tipsCents - d.tipsCents,
      };
      const amountCents = payDifference(before, d, settings);
      if (amountCents === 0) continue;
      const details: AdjustmentDetails = {
        source: "importCorrection",
        week: weekStart,
        platform: preview.platformName,
        minutes: d.minutes,
        grossCents: d.grossCents,
        tipsCents: d.tipsCents,
        importId: id,
      };
      const { week: into } = await addImportCorrectionIn(
        tx,
        adminId,
        { userId: d.userId, amountCents, reason: pending.fileName, details },
        now,
      );
      landed.add(into);
    }
    await tx
      .update(earningImports)
      .set({ committedAt: now, rowsCount: preview.read, skippedCount: skipped })
      .where(eq(earningImports.id, id));
    const shown = changed.slice(0, AUDITED_CHANGES);
    await recordAudit(tx, {
      actorId: adminId,
      action: "earnings.import",
      entityType: "earning_import",
      entityId: id,
      before: changed.length ? { changedRows: shown.map((c) => brief(c.before)) } : null,
      after: {
        fileName: pending.fileName,
        platform: preview.platformName,
        weekStart: pending.weekStart,
        ...counts,
        ...(changed.length
          ? { changedRows: shown.map((c) => brief(c.row)), changedNotShown: changed.length - shown.length }
          : {}),
      },
    });
    // The drafts follow in the same transaction: an import is committed with its statements or not at all.
    await recomputeFromIn(tx, weekStart, rules, now);
    for (const into of [...landed].sort()) if (isWeekClosed(into, now)) await recomputeFromIn(tx, into, rules, now);
    return { counts, dropped: false };
  });
  if (result.dropped) await deleteStoredFiles([pending.storageKey]);
  return result.counts;
}

/** Drops a pending import and its file (the admin chose another file or gave up). */
export async function discardPendingImport(id: number) {
  const pending = await findPendingImport(id);
  if (!pending) return;
  await transaction(async (tx) => {
    await tx.delete(earningImports).where(and(eq(earningImports.id, id), isNull(earningImports.committedAt)));
  });
  await deleteStoredFiles([pending.storageKey]);
}

/** Committed imports, newest first, for the Pay page. */
export async function listImports(limit = 100) {
  return await db()
    .select({
      id: earningImports.id,
      weekStart: earningImports.weekStart,
      platformName: platforms.name,
      fileName: earningImports.fileName,
      rowsCount: earningImports.rowsCount,
      skippedCount: earningImports.skippedCount,
      committedAt: earningImports.committedAt,
      byEmail: users.email,
      byName: users.fullName,
    })
    .from(earningImports)
    .innerJoin(platforms, eq(platforms.id, earningImports.platformId))
    .leftJoin(users, eq(users.id, earningImports.createdById))
    .where(isNotNull(earningImports.committedAt))
    .orderBy(desc(earningImports.committedAt), desc(earningImports.id))
    .limit(limit);
}
