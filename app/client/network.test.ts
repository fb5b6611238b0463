import { describe, expect, test } from "bun:test";
import { guardNetwork, isNetworkError, isNetworkFailure } from "./network";

describe("guardNetwork (route clientActions)", () => {
  test("a request that never arrived becomes a 503 marker, so the router keeps the page and its data", async () => {
    const result = await guardNetwork(() => Promise.reject(new TypeError("Failed to fetch")), { silent: true });
    const { data, init } = result as unknown as { data: unknown; init: { status: number } };
    expect(isNetworkFailure(data)).toBe(true);
    expect(init.status).toBe(503);
  });
  test("answers and other errors pass through unchanged", async () => {
    expect(await guardNetwork(() => Promise.resolve({ ok: 1 }))).toEqual({ ok: 1 });
    await expect(guardNetwork(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(isNetworkError(new DOMException("timed out", "TimeoutError"))).toBe(true);
    expect(isNetworkError(new DOMException("aborted", "AbortError"))).toBe(false);
  });
});
