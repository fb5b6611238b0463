import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../../scripts/pg-cluster";
import { pgChangeSignal } from "./pg-change-signal.server";

/** Against a real PostgreSQL (a throw-away cluster, or TEST_POSTGRES_URL's server). */
const serverUrl = process.env.TEST_POSTGRES_URL;
const available = Boolean(serverUrl) || postgresBin() !== null || Boolean(process.env.CI);
if (!available) console.warn("pg-change-signal.test.ts skipped: PostgreSQL is not installed");

let cluster: ThrowAwayCluster | null = null;
let url = "";

describe.skipIf(!available)("the PostgreSQL change signal (the home page copy's invalidation across instances)", () => {
  beforeAll(async () => {
    if (!serverUrl) cluster = await startThrowAwayCluster();
    url = await createDatabase(serverUrl ?? cluster!.url, `signal_${process.pid}_${Date.now().toString(36)}`);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  test("another connection's commit changes the version; reads do not; the health flag follows the polls", async () => {
    const signal = pgChangeSignal(url, 60_000);
    const other = new SQL({ url, max: 1 });
    try {
      await other`CREATE TABLE notes (id serial PRIMARY KEY, body text)`;
      await signal.poll();
      const start = signal.version();
      for (let i = 0; i < 20; i++) {
        await other`SELECT count(*) FROM notes`;
        await signal.poll();
      }
      // Twenty reads, each followed by a poll: a few changes at most, from the server's own background
      // records (the background writer logs running transactions after activity, autovacuum visits the
      // new table; on a loaded machine the loop lasts long enough for several), never one per read.
      expect(signal.version() - start).toBeLessThanOrEqual(5);
      const beforeWrite = signal.version();
      await other`INSERT INTO notes (body) VALUES ('published')`;
      await signal.poll();
      expect(signal.version()).toBeGreaterThan(beforeWrite);
      expect(signal.answeredWithin(1_000)).toBe(true);
    } finally {
      await other.close();
      await signal.stop();
    }
  });

  test("an unreachable server counts as a change every poll, and the health flag goes down", async () => {
    const signal = pgChangeSignal("postgres://postgres@127.0.0.1:1/none", 60_000);
    try {
      const start = signal.version();
      await signal.poll();
      await signal.poll();
      expect(signal.version()).toBeGreaterThanOrEqual(start + 2);
      expect(signal.answeredWithin(1_000)).toBe(false);
    } finally {
      await signal.stop();
    }
  });
});
