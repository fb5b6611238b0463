import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { rateLimits } from "~db/schema";
import { registerAccount } from "~/models/accounts.server";
import { config } from "./config.server";
import { db, savepoint, transaction, writerForTests, type Tx } from "./db.server";

/** Another process that takes the write lock, writes, and holds it for `holdMs` before committing. */
async function otherProcessWriting(holdMs: number) {
  const script = `
    const { Database } = require("bun:sqlite");
    const d = new Database(${JSON.stringify(config().databasePath)});
    d.exec("PRAGMA busy_timeout = 5000");
    d.exec("BEGIN IMMEDIATE");
    d.exec("INSERT INTO rate_limits (key, count, reset_at) VALUES ('lock-test:' || random(), 1, 0)");
    console.log("locked");
    Bun.sleepSync(${holdMs});
    d.exec("COMMIT");
    d.close();
  `;
  const child = Bun.spawn(["bun", "-e", script], { stdout: "pipe", stderr: "inherit" });
  const reader = child.stdout.getReader();
  let seen = "";
  while (!seen.includes("locked")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the other process ended before taking the lock");
    seen += new TextDecoder().decode(value);
  }
  return child;
}

// SQLite itself: its busy timeout and BEGIN IMMEDIATE against another process holding the file's
// write lock. PostgreSQL has neither (each transaction has its own pooled connection, and rows are
// locked one by one), so these run on SQLite only.
const onPostgres = config().databaseEngine === "postgres";

describe.skipIf(onPostgres)("writes while another process writes", () => {
  test("the busy timeout is set on the connection", () => {
    expect(writerForTests().$client.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
  });

  test("a transaction that reads, then writes, waits for the other writer instead of failing with 'database is locked'", async () => {
    writerForTests(); // the schema exists before the other process writes to it
    const other = await otherProcessWriting(600);
    const result = await registerAccount({
      email: `locked-${Date.now()}@example.com`,
      password: "Courier-Test-1!",
      language: "en",
    });
    expect(result.ok).toBe(true);
    expect(await other.exited).toBe(0);
  });
});

describe("transactions are opened in one place", () => {
  test("outside app/infra/ nothing opens a transaction but transaction() (BEGIN IMMEDIATE behind the lock)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const relative = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return relative === "app/infra" || entry.name === "migrations" ? [] : files(relative);
        return /\.tsx?$/.test(entry.name) ? [relative] : [];
      });
    const offending = [...files("app"), ...files("db"), ...files("scripts"), ...files("tests"), "server.ts"].filter(
      (file) => /\.transaction\(/.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(offending).toEqual([]);
  });
});

describe("transactions", () => {
  const key = (name: string) => `tx-test:${name}:${Date.now()}:${Math.random()}`;
  const rowOf = async (k: string) => (await db().select().from(rateLimits).where(eq(rateLimits.key, k)))[0];

  test("a body's writes commit together, or roll back together when it throws", async () => {
    const kept = key("kept");
    const lost = key("lost");
    await transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: kept, count: 1, resetAt: new Date() });
    });
    const failure = transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: lost, count: 1, resetAt: new Date() });
      throw new Error("refused");
    });
    await expect(failure).rejects.toThrow("refused");
    expect(await rowOf(kept)).toBeDefined();
    expect(await rowOf(lost)).toBeUndefined();
  });

  test("transaction() inside a body fails at once instead of waiting for itself", async () => {
    const nested = transaction(() => transaction(async () => undefined));
    await expect(nested).rejects.toThrow(/inside a transaction body/);
    // The lock was released: the next transaction runs.
    expect(await transaction(async () => "free")).toBe("free");
  });

  test("db() inside a body fails at once: no second pool connection while the body holds its locks", async () => {
    const written = key("read-inside");
    const reading = transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: written, count: 1, resetAt: new Date() });
      return await rowOf(written);
    });
    await expect(reading).rejects.toThrow(/db\(\) called inside a transaction body/);
    expect(await rowOf(written)).toBeUndefined();
  });

  test("a savepoint undoes its own writes alone", async () => {
    const outer = key("outer");
    const inner = key("inner");
    await transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: outer, count: 1, resetAt: new Date() });
      await savepoint(tx, async (sp) => {
        await sp.insert(rateLimits).values({ key: inner, count: 1, resetAt: new Date() });
        throw new Error("this row only");
      }).catch(() => undefined);
    });
    expect(await rowOf(outer)).toBeDefined();
    expect(await rowOf(inner)).toBeUndefined();
  });
});

// SQLite's reader connection (PRAGMA query_only) and the process-wide lock that admits one body at a
// time on its single writer. On PostgreSQL `db()` is the pool and transactions run side by side on
// their own connections (READ COMMITTED; what that means for decisions is tested in
// app/models/concurrent-decisions.test.ts), so these run on SQLite only.
describe.skipIf(onPostgres)("SQLite's reader and writer", () => {
  const key = (name: string) => `tx-test:${name}:${Date.now()}:${Math.random()}`;

  test("the handle models read through refuses every write", async () => {
    expect(() =>
      db()
        .insert(rateLimits)
        .values({ key: key("reader"), count: 1, resetAt: new Date() })
        .run(),
    ).toThrow(/readonly/);
  });

  test("concurrent bodies run one after another, in the order they asked", async () => {
    const log: string[] = [];
    const body = (name: string) => async (tx: Tx) => {
      log.push(`${name} start`);
      await tx.insert(rateLimits).values({ key: key(name), count: 1, resetAt: new Date() });
      await Bun.sleep(5);
      log.push(`${name} end`);
    };
    await Promise.all([transaction(body("a")), transaction(body("b")), transaction(body("c"))]);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });
});
