import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser } from "../../tests/factories";
import { userFilterFrom } from "~/domain/admin-filters";
import { listUsers } from "./admin-users.server";

const search = async (query: string) => await listUsers(userFilterFrom(new URLSearchParams(query)));

describe("users search index (FTS5 trigram)", () => {
  test("finds a substring of the name or e-mail, ignoring case and accents", async () => {
    // A surname no other test uses, so the database other test files share has one match.
    const a = await createUser({ email: "kvetoslava.search@example.com", fullName: "Ľubica Žlťáčkovská" });
    expect((await search("q=zltackovska")).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await search("q=ŽLŤÁČKOV")).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await search("q=toslava.sea")).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await search("q=zltackovska")).total).toBe(1);
  });

  test("follows updates and deletions of users", async () => {
    const a = await createUser({ email: "renamed.search@example.com", fullName: "Old Qwertyname" });
    await writerForTests().update(users).set({ fullName: "New Zxcvbname" }).where(eq(users.id, a.id));
    expect((await search("q=qwertyname")).total).toBe(0);
    expect((await search("q=zxcvbname")).rows.map((r) => r.id)).toEqual([a.id]);
    await writerForTests().delete(users).where(eq(users.id, a.id));
    expect((await search("q=zxcvbname")).total).toBe(0);
  });

  test("quotes in the term are text, short terms still match, status narrows, pages stay ordered", async () => {
    const quoted = await createUser({ email: "quote.search@example.com", fullName: 'Ann "Q" Yuiop' });
    expect((await search(`q=${encodeURIComponent('"Q" Yuiop')}`)).rows.map((r) => r.id)).toEqual([quoted.id]);
    expect((await search('q="')).total).toBeGreaterThanOrEqual(1);
    expect((await search("q=uo")).rows.some((r) => r.id === quoted.id)).toBe(true);
    const made = [];
    for (let i = 0; i < 22; i++) made.push(await createUser({ fullName: `Paged Hjklname ${i}` }));
    await writerForTests().update(users).set({ status: "job_rejected" }).where(eq(users.id, made[0]!.id));
    expect((await search("q=hjklname&status=job_rejected")).rows.map((r) => r.id)).toEqual([made[0]!.id]);
    const first = await search("q=hjklname&sort=fullName&dir=asc");
    const second = await search("q=hjklname&sort=fullName&dir=asc&page=2");
    expect([first.total, first.rows.length, second.rows.length]).toEqual([22, 20, 2]);
    const names = [...first.rows, ...second.rows].map((r) => r.fullName!);
    expect(names).toEqual([...names].sort());
  });

  test("a page past the last still tells the total; one status and the whole table page in their order", async () => {
    const made: { id: number }[] = [];
    for (let i = 0; i < 3; i++)
      made.push(await createUser({ fullName: `Beyond Vbnmname ${i}`, status: "lease_expired" }));
    const past = await search("q=vbnmname&page=4");
    expect([past.total, past.rows.length, past.pageCount]).toEqual([3, 0, 1]);
    const byStatus = await search("status=lease_expired&sort=fullName&dir=desc");
    const ours = byStatus.rows.filter((r) => made.some((m) => m.id === r.id)).map((r) => r.fullName);
    expect(ours).toEqual(["Beyond Vbnmname 2", "Beyond Vbnmname 1", "Beyond Vbnmname 0"]);
    expect(byStatus.rows.every((r) => r.status === "lease_expired")).toBe(true);
    expect(byStatus.total).toBe(
      (await writerForTests().select({ id: users.id }).from(users).where(eq(users.status, "lease_expired"))).length,
    );
    const everyone = (await writerForTests().select({ id: users.id }).from(users)).length;
    const all = await search("sort=email&dir=asc");
    expect(all.total).toBe(everyone);
    const emails = all.rows.map((r) => r.email);
    expect(emails).toEqual([...emails].sort());
  });

  test("a common term pages in the same order whichever way its matches are read", async () => {
    const made: { id: number }[] = [];
    for (let i = 0; i < 80; i++)
      made.push(
        await createUser({
          fullName: `Walk Tyuiname ${String(i % 7)}`,
          status: i % 3 ? "confirmed_account" : "job_rejected",
        }),
      );
    const ids = new Set(made.map((m) => m.id));
    for (const [sort, dir] of [
      ["createdAt", "desc"],
      ["fullName", "asc"],
      ["email", "desc"],
      ["status", "asc"],
    ] as const) {
      const all = (await writerForTests().select().from(users)).filter((u) => ids.has(u.id));
      const key = (u: (typeof all)[number]) =>
        sort === "status"
          ? [u.status, u.createdAt.getTime(), u.id]
          : sort === "createdAt"
            ? [u.createdAt.getTime(), u.id]
            : [sort === "email" ? u.email : u.fullName!, u.id];
      const expected = all
        .sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          for (let i = 0; i < x.length; i++)
            if (x[i] !== y[i]) return (x[i]! < y[i]! ? -1 : 1) * (dir === "asc" ? 1 : -1);
          return 0;
        })
        .map((u) => u.id);
      const pages = [1, 2, 3, 4].map(async (page) => await search(`q=tyuiname&sort=${sort}&dir=${dir}&page=${page}`));
      expect((await pages[0]!).total).toBe(80);
      expect((await Promise.all(pages)).flatMap((p) => p.rows.map((r) => r.id))).toEqual(expected);
    }
  });
});
