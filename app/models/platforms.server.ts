/**
 * Delivery platforms and the links of their account ids to couriers (docs/pay.md, "Platform accounts and import"). One account
 * belongs to one courier at any moment: the database refuses overlapping links on both engines
 * (db/migrations*: triggers on SQLite, an exclusion constraint on PostgreSQL); here that refusal becomes
 * PlatformError("overlap").
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { platformAccounts, platforms, users } from "~db/schema";
import { type EarningsMapping } from "~/domain/earnings-csv";
import { db, preparedQuery, transaction, type Tx } from "~/infra/db.server";
import { isRuleViolation, isUniqueViolation } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";

export class PlatformError extends Error {
  constructor(
    readonly key: "notFound" | "nameTaken" | "overlap" | "endBeforeStart" | "alreadyEnded" | "unknownCourier",
  ) {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : this.key === "overlap" || this.key === "nameTaken" ? 409 : 400;
  }
}

const isOverlap = (error: unknown) =>
  isRuleViolation(error, "platform_account_overlap", ["platform_accounts_no_overlap", "platform_accounts_one_open"]);

export async function listPlatforms() {
  return await db()
    .select({
      id: platforms.id,
      name: platforms.name,
      columnMapping: platforms.columnMapping,
      createdAt: platforms.createdAt,
    })
    .from(platforms)
    .orderBy(asc(platforms.name));
}

export async function findPlatform(id: number) {
  const [row] = await db().select().from(platforms).where(eq(platforms.id, id)).limit(1);
  return row ? { ...row, columnMapping: (row.columnMapping ?? null) as EarningsMapping | null } : undefined;
}

export async function createPlatform(adminId: number, name: string) {
  try {
    return await transaction(async (tx) => {
      const [row] = await tx.insert(platforms).values({ name }).returning({ id: platforms.id });
      await recordAudit(tx, {
        actorId: adminId,
        action: "platform.create",
        entityType: "platform",
        entityId: row!.id,
        after: { name },
      });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "platforms.name")) throw new PlatformError("nameTaken");
    throw error;
  }
}

export async function renamePlatform(adminId: number, id: number, name: string) {
  try {
    await transaction(async (tx) => {
      const [before] = await tx.select({ name: platforms.name }).from(platforms).where(eq(platforms.id, id));
      if (!before) throw new PlatformError("notFound");
      if (before.name === name) return;
      await tx.update(platforms).set({ name }).where(eq(platforms.id, id));
      await recordAudit(tx, {
        actorId: adminId,
        action: "platform.rename",
        entityType: "platform",
        entityId: id,
        before,
        after: { name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "platforms.name")) throw new PlatformError("nameTaken");
    throw error;
  }
}

/** Remembers how this platform's own export maps to our fields (used for its next file without asking). */
export async function savePlatformMapping(adminId: number, id: number, mapping: EarningsMapping) {
  await transaction(async (tx) => {
    const [before] = await tx
      .select({ columnMapping: platforms.columnMapping })
      .from(platforms)
      .where(eq(platforms.id, id));
    if (!before) throw new PlatformError("notFound");
    if (JSON.stringify(before.columnMapping) === JSON.stringify(mapping)) return;
    await tx.update(platforms).set({ columnMapping: mapping }).where(eq(platforms.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "platform.mapping",
      entityType: "platform",
      entityId: id,
      before,
      after: { columnMapping: mapping },
    });
  });
}

// Read on every dashboard answer: built once (db.server.ts, `preparedQuery`).
const accountsOf = preparedQuery((connection) =>
  connection
    .select({
      id: platformAccounts.id,
      platformId: platformAccounts.platformId,
      platformName: platforms.name,
      accountId: platformAccounts.accountId,
      startsOn: platformAccounts.startsOn,
      endsOn: platformAccounts.endsOn,
    })
    .from(platformAccounts)
    .innerJoin(platforms, eq(platforms.id, platformAccounts.platformId))
    .where(eq(platformAccounts.userId, sql.placeholder("userId")))
    .orderBy(desc(platformAccounts.startsOn), desc(platformAccounts.id))
    .prepare(),
);

/** A courier's links, newest first, with the platform's name (the admin's user page and the courier's dashboard). */
export async function listPlatformAccountsOf(userId: number) {
  return await accountsOf().execute({ userId });
}

export type LinkInput = { platformId: number; accountId: string; userId: number; startsOn: string };

/** Links an account id to a courier from `startsOn` on (open-ended). Refused when the account is someone's (or theirs) on any of those days. */
export async function linkPlatformAccount(adminId: number, input: LinkInput, tx?: Tx) {
  const body = async (tx: Tx) => {
    const [courier] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!courier) throw new PlatformError("unknownCourier");
    const [platform] = await tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, input.platformId));
    if (!platform) throw new PlatformError("notFound");
    const [row] = await tx
      .insert(platformAccounts)
      .values({ ...input, createdById: adminId })
      .returning({ id: platformAccounts.id });
    await recordAudit(tx, {
      actorId: adminId,
      action: "platform_account.link",
      entityType: "platform_account",
      entityId: row!.id,
      subjectUserId: input.userId,
      after: { platformId: input.platformId, accountId: input.accountId, startsOn: input.startsOn },
    });
    return row!.id;
  };
  try {
    return tx ? await body(tx) : await transaction(body);
  } catch (error) {
    if (isOverlap(error)) throw new PlatformError("overlap");
    throw error;
  }
}

/** Ends a link with its last day (inclusive), e.g. when the account is handed to another courier the day after. */
export async function endPlatformAccount(adminId: number, userId: number, linkId: number, endsOn: string) {
  await transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(platformAccounts)
      .where(and(eq(platformAccounts.id, linkId), eq(platformAccounts.userId, userId)));
    if (!link) throw new PlatformError("notFound");
    if (link.endsOn !== null && link.endsOn <= endsOn) throw new PlatformError("alreadyEnded");
    if (endsOn < link.startsOn) throw new PlatformError("endBeforeStart");
    await tx.update(platformAccounts).set({ endsOn }).where(eq(platformAccounts.id, linkId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "platform_account.end",
      entityType: "platform_account",
      entityId: linkId,
      subjectUserId: userId,
      before: { endsOn: link.endsOn },
      after: { endsOn },
    });
  });
}

export type AccountOwner = {
  accountId: string;
  userId: number;
  startsOn: string;
  endsOn: string | null;
  email: string;
  fullName: string | null;
};

/** The links of these account ids that touch the days from `from` to `to`, with their couriers (an import's preview). */
export async function accountOwners(
  platformId: number,
  accountIds: string[],
  from: string,
  to: string,
): Promise<AccountOwner[]> {
  if (accountIds.length === 0) return [];
  const found: AccountOwner[] = [];
  // In chunks: SQLite binds at most 32,766 parameters, and a week's file names far fewer accounts than rows.
  for (let i = 0; i < accountIds.length; i += 5_000) {
    const rows = await db()
      .select({
        accountId: platformAccounts.accountId,
        userId: platformAccounts.userId,
        startsOn: platformAccounts.startsOn,
        endsOn: platformAccounts.endsOn,
        email: users.email,
        fullName: users.fullName,
      })
      .from(platformAccounts)
      .innerJoin(users, eq(users.id, platformAccounts.userId))
      .where(
        and(
          eq(platformAccounts.platformId, platformId),
          inArray(platformAccounts.accountId, accountIds.slice(i, i + 5_000)),
          lte(platformAccounts.startsOn, to),
          or(isNull(platformAccounts.endsOn), gte(platformAccounts.endsOn, from)),
        ),
      );
    found.push(...rows);
  }
  return found;
}

/** Couriers to pick from when linking an account on the spot (a datalist: typing an e-mail works for anyone). */
export async function listCourierChoices(limit = 500) {
  return await db()
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.role, "user"))
    .orderBy(asc(users.email))
    .limit(limit);
}

/** The courier with this e-mail (stored lower-case), if any. */
export async function findCourierIdByEmail(email: string) {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}
