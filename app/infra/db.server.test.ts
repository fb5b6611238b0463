import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { registerAccount } from "~/models/accounts.server";
import { config } from "./config.server";
import { db } from "./db.server";

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

describe("writes while another process writes", () => {
  test("the busy timeout is set on the connection", () => {
    expect(db().$client.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
  });

  test("a transaction that reads, then writes, waits for the other writer instead of failing with 'database is locked'", async () => {
    db(); // the schema exists before the other process writes to it
    const other = await otherProcessWriting(600);
    const result = await registerAccount({ email: `locked-${Date.now()}@example.com`, password: "Courier-Test-1!", language: "en" });
    expect(result.ok).toBe(true);
    expect(await other.exited).toBe(0);
  });

  test("every transaction in the models writes through writeTransaction (BEGIN IMMEDIATE)", () => {
    const dir = path.resolve(import.meta.dirname, "../models");
    const deferred = readdirSync(dir)
      .filter((f) => f.endsWith(".server.ts"))
      .filter((f) => /\bdb\(\)\.transaction\(/.test(readFileSync(path.join(dir, f), "utf8")));
    expect(deferred).toEqual([]);
  });
});
