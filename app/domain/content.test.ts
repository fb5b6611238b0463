import { describe, expect, test } from "bun:test";
import { auditSentence } from "./audit-sentence";
import { fillFaqValues } from "./content";

describe("fillFaqValues", () => {
  const values = { hourlyRate: "7,50 €", rentPerDay: "5,00 €" };

  test("names the rules in force instead of a typed number", () => {
    expect(fillFaqValues("Za hodinu {{hourlyRate}}, nájomné {{ rentPerDay }} za deň.", values)).toBe(
      "Za hodinu 7,50 €, nájomné 5,00 € za deň.",
    );
  });

  test("leaves other braces as the admin typed them", () => {
    expect(fillFaqValues("{{name}} {rent} {{hourlyRate", values)).toBe("{{name}} {rent} {{hourlyRate");
  });
});

describe("content in the audit log", () => {
  test("an FAQ entry is named by its question and links to its form", () => {
    const sentence = auditSentence({
      action: "content.faq.update",
      entityType: "faq",
      entityId: 4,
      actorId: 1,
      actorName: "Jana",
      actorEmail: null,
      subjectUserId: null,
      subjectName: null,
      subjectEmail: null,
      recordName: null,
      before: { question: "Potrebujem živnosť?" },
      after: { question: "Potrebujem živnosť?" },
    });
    expect(sentence.key).toBe("audit.sentence.content_faq_update");
    expect(sentence.record).toEqual({ name: "Potrebujem živnosť?", href: "/admin/content/faq/4" });
  });
});
