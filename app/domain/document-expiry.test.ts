import { describe, expect, test } from "bun:test";
import {
  renewalFilesIssue,
  daysLeft,
  documentState,
  dueReminder,
  isDocumentExpired,
  parseValidUntil,
  validUntilIssue,
} from "./document-expiry";

const DAY = 24 * 60 * 60 * 1000;
const validUntil = parseValidUntil("2027-03-31")!;
const before = (days: number, hours = 0) => new Date(validUntil.getTime() - days * DAY - hours * 3600_000);

describe("parseValidUntil", () => {
  test("a date is the start of that day in UTC", () => {
    expect(validUntil.toISOString()).toBe("2027-03-31T00:00:00.000Z");
  });
  test("anything else is null", () => {
    for (const value of ["", "2027-02-30", "31.3.2027", "2027-3-31", 20270331, null])
      expect(parseValidUntil(value)).toBeNull();
  });
});

describe("dueReminder", () => {
  test("nothing more than 30 days before", () => {
    expect(dueReminder(validUntil, before(30, 1), [])).toBeNull();
  });
  test("the 30-day reminder from 30 days before, once", () => {
    expect(dueReminder(validUntil, before(30), [])).toBe(30);
    expect(dueReminder(validUntil, before(12), [])).toBe(30);
    expect(dueReminder(validUntil, before(12), [30])).toBeNull();
  });
  test("the 7-day reminder from 7 days before, once", () => {
    expect(dueReminder(validUntil, before(7), [30])).toBe(7);
    expect(dueReminder(validUntil, before(1), [30, 7])).toBeNull();
  });
  test("a date entered late sends only the most urgent reminder, never the skipped one", () => {
    expect(dueReminder(validUntil, before(5), [])).toBe(7);
    expect(dueReminder(validUntil, before(2), [7])).toBeNull();
  });
  test("nothing on the day it ends or after", () => {
    expect(dueReminder(validUntil, validUntil, [])).toBeNull();
    expect(dueReminder(validUntil, new Date(validUntil.getTime() + DAY), [])).toBeNull();
  });
});

describe("expiry", () => {
  test("expired from the first moment of the valid-until day", () => {
    expect(isDocumentExpired(validUntil, new Date(validUntil.getTime() - 1))).toBe(false);
    expect(isDocumentExpired(validUntil, validUntil)).toBe(true);
  });
  test("state and days left", () => {
    expect(documentState(validUntil, before(31))).toBe("valid");
    expect(documentState(validUntil, before(30))).toBe("expiring");
    expect(documentState(validUntil, validUntil)).toBe("expired");
    expect(daysLeft(validUntil, before(6, 5))).toBe(7);
    expect(daysLeft(validUntil, before(0))).toBe(0);
  });
});

describe("validUntilIssue", () => {
  const now = new Date("2027-03-10T12:00:00Z");
  test("a date after today is fine", () => expect(validUntilIssue("2027-03-11", now)).toBeNull());
  test("today or earlier is in the past", () => {
    expect(validUntilIssue("2027-03-10", now)).toBe("past");
    expect(validUntilIssue("2026-01-01", now)).toBe("past");
  });
  test("missing and malformed", () => {
    expect(validUntilIssue("", now)).toBe("required");
    expect(validUntilIssue("10.3.2028", now)).toBe("invalid");
  });
});

describe("renewalFilesIssue", () => {
  test("both sides of a residence permit, or a refugee document", () => {
    expect(renewalFilesIssue(new Set(["residence_front", "residence_back"]))).toBeNull();
    expect(renewalFilesIssue(new Set(["refugee_document"]))).toBeNull();
    expect(renewalFilesIssue(new Set(["residence_front"]))).toBe("residenceBothSides");
    expect(renewalFilesIssue(new Set(["residence_back", "refugee_document"]))).toBe("residenceBothSides");
    expect(renewalFilesIssue(new Set())).toBe("documentRequired");
  });
});
