import { describe, expect, test } from "bun:test";
import { auditFilterFrom, userFilterFrom, vehicleFilterFrom } from "./admin-filters";

const q = (s: string) => new URLSearchParams(s);

describe("admin list filters read from the URL", () => {
  test("users: known values kept, unknown ones fall back to the defaults", () => {
    expect(
      userFilterFrom(q("q=%20Novak%20&status=lease_expired&sort=email&dir=asc&page=3&documents=expiring")),
    ).toEqual({
      q: "Novak",
      status: "lease_expired",
      documents: "expiring",
      sort: "email",
      dir: "asc",
      page: 3,
    });
    expect(userFilterFrom(q("status=boss&sort=password&dir=up&page=-2&documents=all"))).toEqual({
      q: "",
      status: null,
      documents: null,
      sort: "createdAt",
      dir: "desc",
      page: 1,
    });
    expect(userFilterFrom(q(`q=${"x".repeat(300)}`)).q).toHaveLength(100);
  });

  test("vehicles: the service filter is one value or nothing", () => {
    expect(vehicleFilterFrom(q("service=attention&page=2"))).toEqual({ q: "", service: "attention", page: 2 });
    expect(vehicleFilterFrom(q("service=yes&page=1.5")).service).toBeNull();
    expect(vehicleFilterFrom(q("page=1.5")).page).toBe(1);
  });

  test("audit: a malformed actor, action or day is dropped, not refused", () => {
    expect(auditFilterFrom(q("actor=7&action=user.role&from=2026-11-01&to=2026-11-23"))).toEqual({
      actorId: 7,
      action: "user.role",
      from: "2026-11-01",
      to: "2026-11-23",
      views: false,
      page: 1,
    });
    expect(auditFilterFrom(q("actor=-1&action=drop.table&from=2026-13-45&to=yesterday"))).toEqual({
      actorId: null,
      action: null,
      from: null,
      to: null,
      views: false,
      page: 1,
    });
  });
});
