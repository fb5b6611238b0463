import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { isProduction, testClockFile } from "./config.server";

/**
 * The server's "now". Date-driven rules (expiring documents, lease renewal windows, scheduled jobs)
 * read it instead of `new Date()` so journeys can move time forward without sleeping: with
 * `TEST_CLOCK=1` (the tests set it; refused in production) a file `test-clock.json` in DATA_DIR holding
 * `{ "offsetMs": N }` shifts the clock of every process that shares that folder (the server and the
 * test that seeds its database). Without the variable the file is never read: `bun run start` leaves
 * NODE_ENV unset, so "not production" alone would let a stray file move a real installation's time.
 */
export function now(): Date {
  return new Date(Date.now() + clockOffsetMs());
}

let cached: { mtimeMs: number; offsetMs: number } | undefined;

function clockFile() {
  return testClockFile(process.env.DATA_DIR ?? "./data");
}

function testClockOn() {
  return !isProduction && process.env.TEST_CLOCK === "1";
}

// The file is looked at once per turn of the event loop, not on every call: a page asks for the time
// many times, and a stat each time was about 3 % of the courier dashboard. A test that moves the clock
// from another process does so before its next request, which always arrives in a later turn.
let checkedThisTurn: number | undefined;

export function clockOffsetMs(): number {
  if (isProduction) return 0;
  if (checkedThisTurn !== undefined) return checkedThisTurn;
  checkedThisTurn = testClockOn() ? readOffset() : 0;
  setImmediate(() => {
    checkedThisTurn = undefined;
  });
  return checkedThisTurn;
}

function readOffset(): number {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(clockFile()).mtimeMs;
  } catch {
    cached = undefined;
    return 0;
  }
  if (cached?.mtimeMs === mtimeMs) return cached.offsetMs;
  try {
    const offsetMs = Number(JSON.parse(readFileSync(clockFile(), "utf8")).offsetMs);
    cached = { mtimeMs, offsetMs: Number.isFinite(offsetMs) ? offsetMs : 0 };
  } catch {
    cached = { mtimeMs, offsetMs: 0 };
  }
  return cached.offsetMs;
}

/** Tests only: moves every process's clock sharing DATA_DIR by `offsetMs` from the real time (0 resets). */
export function setClockOffset(offsetMs: number) {
  if (!testClockOn()) throw new Error("The clock moves only with TEST_CLOCK=1, outside production");
  if (offsetMs === 0) rmSync(clockFile(), { force: true });
  else writeFileSync(clockFile(), JSON.stringify({ offsetMs }));
  cached = undefined;
  checkedThisTurn = undefined;
}
