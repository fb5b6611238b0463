import { describe, expect, test } from "bun:test";
import { authCookie, authCookieName, parseCookies, readCookie } from "./cookies.server";

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

describe("auth cookies carry the __Host- prefix in production", () => {
  test("names: prefixed in production only", () => {
    expect(authCookieName("cf_session", true)).toBe("__Host-cf_session");
    expect(authCookieName("cf_session", false)).toBe("cf_session");
  });

  test("written Secure, Path=/, without Domain under the prefixed name; the old name is still read for one transition", async () => {
    const cookie = authCookie("cf_test", 1, true);
    const written = await cookie.serialize("session-id");
    expect(written.startsWith("__Host-cf_test=")).toBe(true);
    expect(written).toContain("Secure");
    expect(written).toContain("Path=/");
    expect(written).not.toContain("Domain");
    expect(await cookie.parse(written.split(";")[0]!)).toBe("session-id");
    // A cookie set before the change, signed under its old name.
    const old = (await authCookie("cf_test", 1, false).serialize("old-id")).split(";")[0]!;
    expect(await cookie.parse(old)).toBe("old-id");
    expect(await cookie.parse(`${written.split(";")[0]!}; ${old}`)).toBe("session-id");
    expect(await cookie.parse("cf_test=forged")).toBeNull();
  });

  test("outside production the name stays as it was", async () => {
    expect((await authCookie("cf_test", 1, false).serialize("x")).startsWith("cf_test=")).toBe(true);
  });
});
