import { describe, expect, test } from "bun:test";
import { EARLY_SUBMIT_GUARD, earlySubmitGuardFor } from "./early-submit-guard";

describe("the early-submit guard", () => {
  test("goes into a visitor's page that opens with a log-in or register form", () => {
    for (const location of [
      { pathname: "/", search: "?auth=login" },
      { pathname: "/", search: "?lng=ua&auth=register" },
      { pathname: "/news", search: "?auth=login&redirectTo=%2Fdashboard" },
      { pathname: "/auth/login", search: "" },
      { pathname: "/auth/register", search: "?ref=abc" },
    ])
      expect(earlySubmitGuardFor(location, false)).toBe(EARLY_SUBMIT_GUARD);
  });

  test("stays out of every other page, and of every page of a logged-in user", () => {
    for (const location of [
      { pathname: "/", search: "" },
      { pathname: "/", search: "?auth=forgot" },
      { pathname: "/auth/forgot", search: "" },
      { pathname: "/authors", search: "" },
    ])
      expect(earlySubmitGuardFor(location, false)).toBe("");
    expect(earlySubmitGuardFor({ pathname: "/", search: "?auth=login" }, true)).toBe("");
  });

  test("is a script that parses", () => {
    expect(() => new Function(EARLY_SUBMIT_GUARD)).not.toThrow();
  });
});
