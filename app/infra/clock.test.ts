import { afterEach, describe, expect, test } from "bun:test";
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
});
