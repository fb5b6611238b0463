import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, platformAccounts } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser } from "../../tests/factories";
import { failureOf, rawSql } from "../../tests/raw-sql";
import {
  accountOwners,
  createPlatform,
  endPlatformAccount,
  linkPlatformAccount,
  listPlatformAccountsOf,
  PlatformError,
  renamePlatform,
} from "./platforms.server";

const admin = await createUser({ role: "admin" });
const platformId = await createPlatform(admin.id, `Wolt ${Date.now()}`);

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PlatformError)) throw error ?? new Error("not refused");
  return error.key;
};

describe("platforms", () => {
  test("names are unique; a rename is audited", async () => {
    const id = await createPlatform(admin.id, `Bolt ${platformId}`);
    expect(await refusal(createPlatform(admin.id, `Bolt ${platformId}`))).toBe("nameTaken");
    await renamePlatform(admin.id, id, `Bolt Food ${id}`);
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "platform"), eq(auditLog.entityId, id)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(["platform.create", "platform.rename"]);
    expect(await refusal(renamePlatform(admin.id, 999_999, "Nope"))).toBe("notFound");
  });
});

describe("platform accounts: one courier per account at any moment", () => {
  test("link, refuse an overlap, end, then hand over the day after", async () => {
    const [anna, boris] = [await createUser(), await createUser()];
    await linkPlatformAccount(admin.id, { platformId, accountId: "A-1", userId: anna.id, startsOn: "2026-11-02" });
    expect(
      await refusal(
        linkPlatformAccount(admin.id, { platformId, accountId: "A-1", userId: boris.id, startsOn: "2026-12-01" }),
      ),
    ).toBe("overlap");
    // Even a link that ends before the open one starts, but overlaps no day: allowed.
    await linkPlatformAccount(admin.id, {
      platformId,
      accountId: "A-1",
      userId: boris.id,
      startsOn: "2026-10-01",
    }).then(
      () => {
        throw new Error("an open link starting earlier overlaps");
      },
      (e: unknown) => expect(e instanceof PlatformError && e.key).toBe("overlap"),
    );
    const [link] = await listPlatformAccountsOf(anna.id);
    expect(await refusal(endPlatformAccount(admin.id, anna.id, link!.id, "2026-11-01"))).toBe("endBeforeStart");
    expect(await refusal(endPlatformAccount(admin.id, boris.id, link!.id, "2026-11-20"))).toBe("notFound");
    await endPlatformAccount(admin.id, anna.id, link!.id, "2026-11-20");
    expect(
      await refusal(
        linkPlatformAccount(admin.id, { platformId, accountId: "A-1", userId: boris.id, startsOn: "2026-11-20" }),
      ),
    ).toBe("overlap");
    await linkPlatformAccount(admin.id, { platformId, accountId: "A-1", userId: boris.id, startsOn: "2026-11-21" });
    const owners = await accountOwners(platformId, ["A-1"], "2026-11-16", "2026-11-22");
    expect(owners.map((o) => [o.userId, o.startsOn, o.endsOn])).toEqual(
      expect.arrayContaining([
        [anna.id, "2026-11-02", "2026-11-20"],
        [boris.id, "2026-11-21", null],
      ]),
    );
    const audits = await writerForTests().select().from(auditLog).where(eq(auditLog.subjectUserId, anna.id));
    expect(audits.map((a) => a.action).sort()).toEqual(["platform_account.end", "platform_account.link"]);
  });

  test("the database itself refuses an overlap written around the model (insert and update)", async () => {
    const courier = await createUser();
    await writerForTests()
      .insert(platformAccounts)
      .values({ platformId, accountId: "RAW-1", userId: courier.id, startsOn: "2026-01-01", endsOn: "2026-01-31" });
    const failed = await failureOf(
      rawSql(
        `INSERT INTO platform_accounts (platform_id, account_id, user_id, starts_on, ends_on) VALUES (${platformId}, 'RAW-1', ${courier.id}, '2026-01-31', '2026-02-10')`,
      ),
    );
    expect(failed).toMatch(/platform_account_overlap|platform_accounts_no_overlap/);
    await rawSql(
      `INSERT INTO platform_accounts (platform_id, account_id, user_id, starts_on, ends_on) VALUES (${platformId}, 'RAW-1', ${courier.id}, '2026-02-01', '2026-02-10')`,
    );
    const moved = await failureOf(
      rawSql(
        `UPDATE platform_accounts SET starts_on = '2026-01-15' WHERE account_id = 'RAW-1' AND starts_on = '2026-02-01'`,
      ),
    );
    expect(moved).toMatch(/platform_account_overlap|platform_accounts_no_overlap/);
    // An end before the start is refused by a check.
    expect(
      await failureOf(
        rawSql(
          `UPDATE platform_accounts SET ends_on = '2025-12-01' WHERE account_id = 'RAW-1' AND starts_on = '2026-01-01'`,
        ),
      ),
    ).toMatch(/platform_accounts_range|CHECK/i);
  });

  test("20 admins linking the same account at once: exactly one wins", async () => {
    const couriers = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const results = await Promise.allSettled(
      couriers.map((c) =>
        linkPlatformAccount(admin.id, { platformId, accountId: "RACE-1", userId: c.id, startsOn: "2026-11-02" }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) =>
      r.status === "rejected" ? [r.reason instanceof PlatformError ? r.reason.key : String(r.reason)] : [],
    );
    expect(won).toHaveLength(1);
    expect(refused).toEqual(Array.from({ length: 19 }, () => "overlap"));
    const rows = await writerForTests().select().from(platformAccounts).where(eq(platformAccounts.accountId, "RACE-1"));
    expect(rows).toHaveLength(1);
  });
});
