import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isDatabaseBusy, markBusy, wasBusy } from "./db-busy.server";

const dir = mkdtempSync(path.join(tmpdir(), "busy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a write that outwaits the lock", () => {
  test("SQLite's SQLITE_BUSY past busy_timeout is recognised, wrapped or not; other errors are not", () => {
    const file = path.join(dir, "busy.db");
    const holder = new Database(file, { create: true });
    holder.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER)");
    const waiter = new Database(file);
    waiter.exec("PRAGMA busy_timeout = 50");
    holder.exec("BEGIN IMMEDIATE");
    let busy: unknown;
    try {
      waiter.exec("INSERT INTO t VALUES (1)");
    } catch (error) {
      busy = error;
    }
    holder.exec("ROLLBACK");
    expect(String(busy)).toContain("database is locked");
    expect(isDatabaseBusy(busy)).toBe(true);
    // Drizzle wraps a driver error as the cause of its own query error.
    expect(isDatabaseBusy(new Error("Failed query: insert …", { cause: busy }))).toBe(true);
    let constraint: unknown;
    try {
      waiter.exec("INSERT INTO missing VALUES (1)");
    } catch (error) {
      constraint = error;
    }
    expect(isDatabaseBusy(constraint)).toBe(false);
    expect(isDatabaseBusy(null)).toBe(false);
    holder.close();
    waiter.close();
  });

  test("PostgreSQL's lock timeout, serialization failure and deadlock codes count; a unique violation does not", () => {
    for (const code of ["55P03", "40001", "40P01"])
      expect(isDatabaseBusy(Object.assign(new Error("pg"), { code }))).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });

  test("the mark is per request context", () => {
    const a = {};
    markBusy(a);
    expect(wasBusy(a)).toBe(true);
    expect(wasBusy({})).toBe(false);
  });
});
