import { describe, expect, test } from "bun:test";
import { applicationSchema, normalizeSlovakPhone } from "./application-schema";
import { cooldownRemainingMs, nextReportAt, splitDuration } from "./cooldown";
import { problemReportSchema } from "./problem-report-schema";

describe("normalizeSlovakPhone", () => {
  test.each([
    ["0903 123 456", "+421903123456"],
    ["+421 903 123 456", "+421903123456"],
    ["00421-903-123-456", "+421903123456"],
    ["903123456", "+421903123456"],
    ["(0903) 12 34 56", "+421903123456"],
  ])("%s → %s", (input, expected) => expect(normalizeSlovakPhone(input)).toBe(expected));
  test("foreign or short numbers are not made Slovak", () => {
    expect(normalizeSlovakPhone("+380 67 123 4567")).not.toMatch(/^\+421/);
    expect(normalizeSlovakPhone("12345")).toBe("12345");
  });
});

describe("applicationSchema", () => {
  const base = { fullName: "Olena Kovalenko", age: 16, phone: "0903123456", contactMethod: "phone", face_photo: "kept", id_front: "kept", id_back: "kept" };
  test("refugee document or both residence sides", () => {
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept" }).success).toBe(true);
    expect(applicationSchema.safeParse({ ...base, residence_front: "kept", residence_back: "kept" }).success).toBe(true);
    expect(applicationSchema.safeParse(base).success).toBe(false);
    expect(applicationSchema.safeParse({ ...base, residence_front: "kept" }).success).toBe(false);
  });
  test("age 15 fails, Telegram needs a username", () => {
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept", age: 15 }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept", contactMethod: "telegram" }).success).toBe(false);
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept", contactMethod: "email" }).success).toBe(false);
  });
});

describe("problemReportSchema", () => {
  test("description required, at most two files", () => {
    expect(problemReportSchema.safeParse({ description: "  " }).error?.issues[0]?.message).toBe("errors.descriptionRequired");
    const file = new File(["x"], "a.png");
    expect(problemReportSchema.safeParse({ description: "Flat", attachments: [file, file, file] }).error?.issues[0]?.message).toBe("errors.tooManyFiles");
    expect(problemReportSchema.safeParse({ description: "Flat", attachments: [file, file] }).success).toBe(true);
  });
});

describe("cooldown", () => {
  const last = new Date("2026-01-01T10:00:00Z");
  test("24 hours by default", () => {
    expect(nextReportAt(last)?.toISOString()).toBe("2026-01-02T10:00:00.000Z");
    expect(cooldownRemainingMs(last, last.getTime() + 23 * 3600e3)).toBe(3600e3);
    expect(cooldownRemainingMs(last, last.getTime() + 25 * 3600e3)).toBe(0);
    expect(cooldownRemainingMs(null)).toBe(0);
  });
  test("splits into hours, minutes, seconds", () => {
    expect(splitDuration((5 * 3600 + 7 * 60 + 3) * 1000)).toEqual({ hours: 5, minutes: 7, seconds: 3 });
  });
});
