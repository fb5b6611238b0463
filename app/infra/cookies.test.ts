import { describe, expect, test } from "bun:test";
import { parseCookies, readCookie } from "./cookies.server";

describe("cookies read by hand", () => {
  test("values are decoded; a value that is not valid percent-encoding counts as absent", () => {
    const cookies = parseCookies("cf_ref=%ZZ; lng=sk; a=b%20c; empty=; =x; bare");
    expect(cookies.get("cf_ref")).toBeUndefined();
    expect(cookies.get("lng")).toBe("sk");
    expect(cookies.get("a")).toBe("b c");
    expect(cookies.get("empty")).toBe("");
    expect(cookies.get("bare")).toBe("");
  });

  test("lone and broken escapes never throw", () => {
    for (const value of ["%", "%E0%A4%A", "%uD800", "%C0%AF", "%%%"]) {
      expect(() => parseCookies(`x=${value}`)).not.toThrow();
    }
  });

  test("the first of two same-named cookies wins, quotes are dropped", () => {
    expect(parseCookies('x="1"; x=2').get("x")).toBe("1");
  });

  test("readCookie reads one cookie of a request", () => {
    const request = new Request("http://x/", { headers: { Cookie: "cf_ref=ABC123; other=%ZZ" } });
    expect(readCookie(request, "cf_ref")).toBe("ABC123");
    expect(readCookie(request, "other")).toBeNull();
    expect(readCookie(new Request("http://x/"), "cf_ref")).toBeNull();
  });
});
