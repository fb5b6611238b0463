/**
 * Preloaded by `bun test`: every run gets its own temporary data folder and database — a SQLite file,
 * or, when TEST_POSTGRES_URL names a PostgreSQL server (the second pass of `bun run test`), a fresh
 * database on it; with TEST_S3_ENDPOINT, files go to a fresh prefix of that S3-compatible server.
 */
import { setDefaultTimeout } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// 30 s per test and hook: on a busy CI machine the PostgreSQL hooks and the S3 listing need more than
// bun's default 5 s, and bun 1.4.5 ignores bunfig.toml's `[test] timeout`. Here it reaches only the first
// file of a run (oven-sh/bun#43787), so `bun test one/file.test.ts` has it; runs of several files get
// `--timeout 30000` from their scripts (`bun run test`, `test:unit`, `test:scale-out`).
setDefaultTimeout(30_000);

const dir = mkdtempSync(path.join(tmpdir(), "courier-test-"));
const run = `${process.pid}_${Date.now().toString(36)}`;
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.CAPTCHA_PROVIDER ??= "off";
process.env.DEMO_SEED = "0";
process.env.APP_URL = "http://localhost:3999";
process.env.COURIER_QUIET_LOGS = "1";
// Tests move the server's clock through DATA_DIR/test-clock.json (app/infra/clock.server.ts).
process.env.TEST_CLOCK = "1";

if (process.env.TEST_S3_ENDPOINT) {
  process.env.STORAGE_URL = `s3://${process.env.TEST_S3_BUCKET ?? "courier-test"}/run-${run}`;
  process.env.S3_ENDPOINT = process.env.TEST_S3_ENDPOINT;
  process.env.S3_ACCESS_KEY_ID ??= "S3RVER";
  process.env.S3_SECRET_ACCESS_KEY ??= "S3RVER";
}

if (process.env.TEST_POSTGRES_URL) {
  const { createDatabase } = await import("../scripts/pg-cluster");
  process.env.DATABASE_URL = await createDatabase(process.env.TEST_POSTGRES_URL, `courier_test_${run}`);
  const { migrateDatabase } = await import("../app/infra/db.server");
  await migrateDatabase();
}
