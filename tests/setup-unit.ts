/** Preloaded by `bun test`: every run gets its own temporary data folder and SQLite file. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "courier-test-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.CAPTCHA_PROVIDER ??= "off";
process.env.DEMO_SEED = "0";
process.env.APP_URL = "http://localhost:3999";
process.env.COURIER_QUIET_LOGS = "1";
