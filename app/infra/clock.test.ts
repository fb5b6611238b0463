import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { clockOffsetMs, now, setClockOffset } from "./clock.server";

const DAY = 24 * 60 * 60 * 1000;

describe("the server clock", () => {
  afterEach(() => setClockOffset(0));

  test("is the real time when no test moved it", () => {
    expect(clockOffsetMs()).toBe(0);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  test("moves forward by the offset a test sets, and back on reset", () => {
    setClockOffset(30 * DAY);
    expect(now().getTime() - Date.now()).toBeGreaterThan(30 * DAY - 1000);
    setClockOffset(0);
    expect(clockOffsetMs()).toBe(0);
  });

  test("sees another process's change from the next turn of the event loop on", async () => {
    expect(clockOffsetMs()).toBe(0);
    // What another process sharing DATA_DIR (a journey's seeding) does: it writes the file itself.
    writeFileSync(
      path.join(path.resolve(process.env.DATA_DIR ?? "./data"), "test-clock.json"),
      JSON.stringify({ offsetMs: 2 * DAY }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(clockOffsetMs()).toBe(2 * DAY);
  });

  test("without TEST_CLOCK=1 the file is never read, and a test cannot move the clock", async () => {
    // `bun run start` leaves NODE_ENV unset: a stray file must not move a real installation's time.
    writeFileSync(
      path.join(path.resolve(process.env.DATA_DIR ?? "./data"), "test-clock.json"),
      JSON.stringify({ offsetMs: 2 * DAY }),
    );
    const saved = process.env.TEST_CLOCK;
    delete process.env.TEST_CLOCK;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      expect(clockOffsetMs()).toBe(0);
      expect(() => setClockOffset(DAY)).toThrow("TEST_CLOCK=1");
    } finally {
      process.env.TEST_CLOCK = saved;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(clockOffsetMs()).toBe(2 * DAY);
  });
});
