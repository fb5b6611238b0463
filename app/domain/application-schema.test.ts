import { describe, expect, test } from "bun:test";
import { applicationSchema, needsContactUsername, normalizeSlovakPhone } from "./application-schema";
import { cooldownRemainingMs, nextReportAt, splitDuration } from "./cooldown";
import { problemReportSchema } from "./problem-report-schema";
import { documentIssues, type DocumentKind, needsRightToStay } from "./documents";

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
  const base = {
    fullName: "Olena Kovalenko",
    age: 16,
    phone: "0903123456",
    citizenship: "other",
    contactMethod: "phone",
    documentValidUntil: "2030-01-31",
    face_photo: "kept",
    id_front: "kept",
    id_back: "kept",
  };
  const issuesOf = (input: Record<string, unknown>) =>
    applicationSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];
  test("Slovak and EU citizens need no right-to-stay document", () => {
    expect(applicationSchema.safeParse({ ...base, citizenship: "sk" }).success).toBe(true);
    expect(applicationSchema.safeParse({ ...base, citizenship: "eu" }).success).toBe(true);
    expect(issuesOf({ ...base, citizenship: "other" })).toEqual(["residence_front:errors.residenceOrRefugee"]);
  });
  test("a right-to-stay document needs its valid-until date; Slovak and EU citizens give none", () => {
    expect(issuesOf({ ...base, refugee_document: "kept", documentValidUntil: "" })).toEqual([
      "documentValidUntil:errors.validUntilRequired",
    ]);
    expect(issuesOf({ ...base, refugee_document: "kept", documentValidUntil: "2030-02-30" })).toEqual([
      "documentValidUntil:errors.validUntilInvalid",
    ]);
    expect(applicationSchema.safeParse({ ...base, citizenship: "sk", documentValidUntil: "" }).success).toBe(true);
  });
  test("the name is in Latin letters as the hint says: Cyrillic is refused, diacritics and hyphens are fine", () => {
    expect(issuesOf({ ...base, citizenship: "sk", fullName: "Олег Коваленко" })).toEqual([
      "fullName:errors.fullNameLatin",
    ]);
    expect(issuesOf({ ...base, citizenship: "sk", fullName: "Oleh Kovalenko" })).toEqual([]);
    expect(issuesOf({ ...base, citizenship: "sk", fullName: "Jana Nováková-O’Neill" })).toEqual([]);
  });
  test("citizenship is required and must be one of the three", () => {
    expect(issuesOf({ ...base, citizenship: undefined, refugee_document: "kept" })).toEqual([
      "citizenship:errors.citizenshipRequired",
    ]);
    expect(issuesOf({ ...base, citizenship: "ua", refugee_document: "kept" })).toEqual([
      "citizenship:errors.citizenshipRequired",
    ]);
  });
  test("for 'other' a residence permit needs both sides; a Slovak or EU citizen's leftover draft is not held against them", () => {
    expect(issuesOf({ ...base, citizenship: "other", residence_front: "kept" })).toEqual([
      "residence_back:errors.residenceBothSides",
    ]);
    expect(issuesOf({ ...base, citizenship: "eu", residence_front: "kept" })).toEqual([]);
  });
  test("refugee document or both residence sides", () => {
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept" }).success).toBe(true);
    expect(applicationSchema.safeParse({ ...base, residence_front: "kept", residence_back: "kept" }).success).toBe(
      true,
    );
    expect(applicationSchema.safeParse(base).success).toBe(false);
    expect(applicationSchema.safeParse({ ...base, residence_front: "kept" }).success).toBe(false);
  });
  test("age 15 fails, every messenger needs a username, a phone call does not", () => {
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept", age: 15 }).success).toBe(false);
    for (const contactMethod of ["whatsapp", "telegram", "viber"]) {
      expect(
        applicationSchema.safeParse({ ...base, refugee_document: "kept", contactMethod }).error?.issues[0]?.message,
      ).toBe("errors.usernameRequired");
      expect(
        applicationSchema.safeParse({ ...base, refugee_document: "kept", contactMethod, contactUsername: "olena_k" })
          .success,
      ).toBe(true);
    }
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept", contactMethod: "phone" }).success).toBe(
      true,
    );
    expect(applicationSchema.safeParse({ ...base, refugee_document: "kept", contactMethod: "email" }).success).toBe(
      false,
    );
  });
});

describe("documentIssues (the one rule behind the schema and submitApplication)", () => {
  const having =
    (...fields: DocumentKind[]) =>
    (field: DocumentKind) =>
      fields.includes(field);
  test("identity documents are always required", () => {
    expect(documentIssues("sk", having()).map((i) => i.field)).toEqual(["face_photo", "id_front", "id_back"]);
    expect(documentIssues("sk", having("face_photo", "id_front", "id_back"))).toEqual([]);
  });
  test("only 'other' needs a residence permit or a refugee document", () => {
    const identity = ["face_photo", "id_front", "id_back"] as const;
    expect(documentIssues("eu", having(...identity))).toEqual([]);
    expect(documentIssues("other", having(...identity))).toEqual([
      { field: "residence_front", message: "errors.residenceOrRefugee" },
    ]);
    expect(documentIssues("other", having(...identity, "refugee_document"))).toEqual([]);
    expect(documentIssues("other", having(...identity, "residence_front", "residence_back"))).toEqual([]);
  });
  test("needsRightToStay and needsContactUsername", () => {
    expect([needsRightToStay("sk"), needsRightToStay("eu"), needsRightToStay("other"), needsRightToStay(null)]).toEqual(
      [false, false, true, false],
    );
    expect([
      needsContactUsername("telegram"),
      needsContactUsername("phone"),
      needsContactUsername("whatsapp"),
      needsContactUsername(""),
    ]).toEqual([true, false, true, false]);
  });
});

describe("problemReportSchema", () => {
  test("description required, at most two files", () => {
    expect(problemReportSchema.safeParse({ description: "  " }).error?.issues[0]?.message).toBe(
      "errors.descriptionRequired",
    );
    const file = new File(["x"], "a.png");
    expect(
      problemReportSchema.safeParse({ description: "Flat", attachments: [file, file, file] }).error?.issues[0]?.message,
    ).toBe("errors.tooManyFiles");
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
