import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { log, redactQueryParams } from "./log.server";

describe("the log", () => {
  let written: string[] = [];
  let restore: () => void = () => {};
  const quiet = process.env.COURIER_QUIET_LOGS;
  beforeEach(() => {
    process.env.COURIER_QUIET_LOGS = "0";
    written = [];
    const out = spyOn(console, "log").mockImplementation((text: string) => void written.push(text));
    const err = spyOn(console, "error").mockImplementation((text: string) => void written.push(text));
    restore = () => {
      out.mockRestore();
      err.mockRestore();
    };
  });
  afterEach(() => {
    restore();
    process.env.COURIER_QUIET_LOGS = quiet;
  });
  const lines = () =>
    written.flatMap((chunk) => chunk.split("\n")).map((line) => JSON.parse(line) as { msg: string; id?: string });

  test("writes the request lines of one turn of the event loop together, one JSON object a line", async () => {
    log("info", "request", { id: "a" });
    log("info", "request", { id: "b" });
    expect(written).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toHaveLength(1);
    expect(lines().map((l) => l.id)).toEqual(["a", "b"]);
  });

  test("keeps the order: any other line first writes the request lines before it", () => {
    log("info", "request", { id: "a" });
    log("error", "request failed", { id: "a" });
    log("info", "shutting down");
    expect(lines().map((l) => l.msg)).toEqual(["request", "request failed", "shutting down"]);
  });
});

test("a failed query's bound values never reach the log", () => {
  const error = new Error(
    'Failed query: insert into "users" ("email") values ($1)\nparams: olena@example.sk,$argon2id$v=19$secret',
  );
  const line = redactQueryParams(
    JSON.stringify({ msg: "unhandled route error", error: String(error), stack: `${error.stack}` }),
  );
  expect(line).not.toContain("olena@example.sk");
  expect(line).not.toContain("argon2id");
  expect(line).toContain('Failed query: insert into \\"users\\"');
  expect(line).toContain("params: [redacted]");
  expect(JSON.parse(line).msg).toBe("unhandled route error");
});
