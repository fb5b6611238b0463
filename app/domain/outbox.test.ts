import { expect, test } from "bun:test";
import { isFailing, OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_CAP_MS, retryDelayMs } from "./outbox";

test("the retry delay grows threefold from two minutes and stops at six hours", () => {
  const delays = Array.from({ length: OUTBOX_MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1) / 60_000);
  expect(delays).toEqual([2, 6, 18, 54, 162, 360, 360, 360]);
  expect(retryDelayMs(50)).toBe(OUTBOX_RETRY_CAP_MS);
  // The retries before a message is failing span most of a day.
  const total = delays.slice(0, OUTBOX_MAX_ATTEMPTS - 1).reduce((a, b) => a + b, 0) / 60;
  expect(total).toBeGreaterThan(15);
  expect(total).toBeLessThan(24);
});

test("a message is failing after the last attempt, not before", () => {
  expect(isFailing(OUTBOX_MAX_ATTEMPTS - 1)).toBe(false);
  expect(isFailing(OUTBOX_MAX_ATTEMPTS)).toBe(true);
});
