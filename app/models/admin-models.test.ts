import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pageViewsDaily, statusHistory, users, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow } from "../../tests/factories";
import { userFilterFrom } from "~/domain/admin-filters";
import { listUsers } from "./admin-users.server";
import { likePattern } from "./search.server";
import { trafficLastDays } from "./tracking.server";
import { expireLeases } from "./leases.server";

const DAY = 24 * 60 * 60 * 1000;

describe("lease expiry job", () => {
  test("moves couriers past their lease end to lease_expired once; re-running changes nothing", async () => {
    const rider = await createUser({ status: "working_with_vehicle" });
    const onTime = await createUser({ status: "working_with_vehicle" });
    const due = (
      await writerForTests()
        .insert(vehicles)
        .values({
          name: "Due",
          serialNumber: `DUE-${rider.id}`,
          status: "in_use",
          assignedUserId: rider.id,
          leaseEndsAt: new Date(Date.now() - DAY),
        })
        .returning()
    )[0]!;
    await writerForTests()
      .insert(vehicles)
      .values({
        name: "Later",
        serialNumber: `LATER-${onTime.id}`,
        status: "in_use",
        assignedUserId: onTime.id,
        leaseEndsAt: new Date(Date.now() + DAY),
      });
    await expireLeases();
    expect((await getUserRow(rider.id))?.status).toBe("lease_expired");
    expect((await getUserRow(onTime.id))?.status).toBe("working_with_vehicle");
    const historyRows = async () =>
      (await writerForTests().select().from(statusHistory).where(eq(statusHistory.userId, rider.id))).length;
    const before = await historyRows();
    expect(await expireLeases()).toBe(0);
    expect(await historyRows()).toBe(before);
    // The vehicle stays with the courier until the admin renews or ends the lease.
    expect((await writerForTests().select().from(vehicles).where(eq(vehicles.id, due.id)))[0]?.assignedUserId).toBe(
      rider.id,
    );
  });
});

describe("traffic chart", () => {
  test("30 days ending today, days without visits as zero", async () => {
    const now = new Date("2026-03-31T10:00:00Z");
    await writerForTests()
      .insert(pageViewsDaily)
      .values([
        { day: "2026-03-30", views: 12 },
        { day: "2026-03-02", views: 3 },
        { day: "2026-03-01", views: 99 },
      ])
      .onConflictDoNothing();
    const days = await trafficLastDays(now);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-03-02", views: 3 });
    expect(days[28]).toEqual({ day: "2026-03-30", views: 12 });
    expect(days[29]).toEqual({ day: "2026-03-31", views: 0 });
    expect(days.filter((d) => d.views === 0)).toHaveLength(28);
  });
});

describe("users list", () => {
  test("search treats % and _ literally, filters by status and pages on the server", async () => {
    const a = await createUser({ email: "percent%match@example.com", fullName: "Qäz Percent" });
    await createUser({ email: "plainmatch@example.com", fullName: "Qäz Plain" });
    expect(likePattern("a%b_c")).toBe("%a\\%b\\_c%");
    const percent = await listUsers(userFilterFrom(new URLSearchParams("q=t%25m")));
    expect(percent.rows.map((r) => r.id)).toEqual([a.id]);
    // "ä": generated e-mail addresses (base 36) never hold it, so no other person matches by chance.
    const byName = await listUsers(userFilterFrom(new URLSearchParams("q=qäz&sort=email&dir=asc")));
    expect(byName.rows.map((r) => r.email)).toEqual(["percent%match@example.com", "plainmatch@example.com"]);
    await writerForTests().update(users).set({ status: "job_rejected" }).where(eq(users.id, a.id));
    expect((await listUsers(userFilterFrom(new URLSearchParams("q=qäz&status=job_rejected")))).total).toBe(1);
    for (let i = 0; i < 21; i++) await createUser({ fullName: `Pager Person ${i}` });
    const page2 = await listUsers(userFilterFrom(new URLSearchParams("q=pager person&page=2")));
    expect([page2.total, page2.pageCount, page2.rows.length]).toEqual([21, 2, 1]);
  });
});
