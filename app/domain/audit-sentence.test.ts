import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import {
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  auditChanges,
  auditSentence,
  auditSentenceKey,
  type AuditFacts,
} from "./audit-sentence";
import { LANGUAGES } from "./rules";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Every action name written by a recordAudit call, including the ones chosen by a condition. */
function actionsWrittenInCode() {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(root, "app"))) {
    const text = readFileSync(file, "utf8");
    for (const call of text.split("recordAudit(").slice(1)) {
      const action = /\baction:\s*([^\n]*?)(?:,\s*entityType|,\s*$|\n)/m.exec(call.slice(0, 600));
      for (const name of action?.[1]?.matchAll(/"([a-z_]+(?:\.[a-zA-Z_]+)+)"/g) ?? []) found.add(name[1]!);
    }
  }
  return found;
}

function facts(overrides: Partial<AuditFacts>): AuditFacts {
  return {
    action: "application.approve",
    entityType: "application",
    entityId: 7,
    actorId: 1,
    actorName: "Jana",
    actorEmail: "jana@example.com",
    subjectUserId: 5,
    subjectName: "Oleh Koval",
    subjectEmail: "oleh@example.com",
    recordName: "Oleh Koval",
    before: null,
    after: null,
    ...overrides,
  };
}

describe("audit actions", () => {
  test("every action the code writes is listed and has a sentence in sk, ua and en", () => {
    const written = actionsWrittenInCode();
    expect(written.size).toBeGreaterThan(20);
    // The dynamic ones: both branches of the condition are collected.
    expect(written.has("application.reject")).toBe(true);
    expect(written.has("problem_report.reopen")).toBe(true);
    for (const action of written) expect(AUDIT_ACTIONS as readonly string[], action).toContain(action);
    for (const lng of LANGUAGES) {
      const admin = JSON.parse(readFileSync(path.join(root, `locales/${lng}/admin.json`), "utf8")) as {
        audit: { sentence: Record<string, string> };
      };
      for (const action of [...written, ...AUDIT_ACTIONS]) {
        const sentence = admin.audit.sentence[auditSentenceKey(action).replace("audit.sentence.", "")];
        expect(sentence, `${lng} ${action}`).toBeTruthy();
        expect(sentence, `${lng} ${action} names who did it`).toContain("<actor>{{actor}}</actor>");
      }
    }
  });
});

describe("auditSentence", () => {
  test("an approval names the admin and the applicant and links both records", () => {
    const sentence = auditSentence(facts({}));
    expect(sentence.key).toBe("audit.sentence.application_approve");
    expect(sentence.actor).toEqual({ name: "Jana", href: "/admin/users/1" });
    expect(sentence.record).toEqual({ name: "Oleh Koval", href: "/admin/applications/7" });
    expect(sentence.subject).toEqual({ name: "Oleh Koval", href: "/admin/users/5" });
  });
  test("falls back to the e-mail, and to the system when nobody acted", () => {
    expect(auditSentence(facts({ actorName: null })).actor?.name).toBe("jana@example.com");
    expect(auditSentence(facts({ actorName: "  " })).actor?.name).toBe("jana@example.com");
    expect(auditSentence(facts({ actorId: null, actorName: null, actorEmail: null })).actor).toBeNull();
  });
  test("a deleted record keeps the name from its snapshot and has no link", () => {
    const sentence = auditSentence(
      facts({
        action: "news.delete",
        entityType: "news",
        entityId: 3,
        recordName: null,
        subjectUserId: null,
        subjectName: null,
        subjectEmail: null,
        before: { title: "Winter tyres" },
      }),
    );
    expect(sentence.record).toEqual({ name: "Winter tyres", href: null });
    expect(sentence.subject).toBeNull();
  });
  test("records without a page of their own link to their list; unknown ones say their id", () => {
    expect(
      auditSentence(
        facts({ action: "vehicle_request.approve", entityType: "vehicle_request", entityId: 9, recordName: null }),
      ).record,
    ).toEqual({ name: "#9", href: "/admin/vehicle-requests?status=all" });
    expect(
      auditSentence(facts({ action: "file.view", entityType: "file", entityId: 4, recordName: null })).record.href,
    ).toBeNull();
  });
  test("a user entry is named after the user", () => {
    expect(
      auditSentence(facts({ action: "user.role", entityType: "user", entityId: 5, recordName: null })).record,
    ).toEqual({ name: "Oleh Koval", href: "/admin/users/5" });
  });
  test("an action the page does not know still reads", () => {
    const sentence = auditSentence(facts({ action: "something.new" }));
    expect(sentence.key).toBe("audit.sentence.other");
    expect(sentence.known).toBe(false);
  });
});

describe("auditChanges", () => {
  test("only the fields that changed, each before and after", () => {
    expect(
      auditChanges({ status: "pending", kind: "new" }, { status: "approved", kind: "new", reason: null }).map(
        (c) => c.field,
      ),
    ).toEqual(["status"]);
  });
  test("codes carry their translation keys, the record's own status first", () => {
    const [status] = auditChanges({ status: "pending" }, { status: "approved" }, "application");
    expect(status!.after).toEqual({
      kind: "codes",
      items: [
        {
          value: "approved",
          keys: ["admin:applications.status.approved", "common:status.approved", "common:vehicleStatus.approved"],
        },
      ],
    });
    const [userStatus] = auditChanges({ status: "working_with_vehicle" }, { status: "lease_expired" }, "vehicle");
    expect(userStatus!.after).toMatchObject({
      kind: "codes",
      items: [{ keys: ["common:status.lease_expired", "common:vehicleStatus.lease_expired"] }],
    });
    const [replace] = auditChanges(null, { replace: ["id_front", "face_photo"] }, "application");
    expect(replace!.after).toMatchObject({ kind: "codes", items: [{ value: "id_front" }, { value: "face_photo" }] });
    expect(auditChanges({ role: "user" }, { role: "admin" }, "user")[0]!.after).toMatchObject({
      kind: "codes",
      items: [{ keys: ["common:role.admin"] }],
    });
  });
  test("dates are dates, free text stays text", () => {
    expect(auditChanges({ leaseEndsAt: 1767225600000 }, { leaseEndsAt: "2026-02-01T00:00:00.000Z" })).toEqual([
      {
        field: "leaseEndsAt",
        before: { kind: "date", value: "2026-01-01T00:00:00.000Z" },
        after: { kind: "date", value: "2026-02-01T00:00:00.000Z" },
      },
    ]);
    expect(auditChanges(null, { reason: "approved" }, "application")[0]!.after).toEqual({
      kind: "text",
      value: "approved",
    });
  });
  test("booleans, empty values, objects and long text become readable", () => {
    const changes = auditChanges({ active: true }, { active: false, files: [{ id: 1 }], description: "x".repeat(200) });
    expect(changes[0]).toEqual({
      field: "active",
      before: { kind: "bool", value: true },
      after: { kind: "bool", value: false },
    });
    expect(changes[1]!.before).toEqual({ kind: "empty" });
    expect(changes[1]!.after).toEqual({ kind: "text", value: '[{"id":1}]' });
    expect((changes[2]!.after as { value: string }).value.length).toBe(80);
  });
  test("a creation lists what was set; nothing recorded means no changes", () => {
    expect(auditChanges(null, { name: "Bolt", code: "abc" }).map((c) => c.field)).toEqual(["name", "code"]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(undefined, { files: 3 })).toHaveLength(1);
  });
});

const ENTRY_KEYS = ["before", "after", "actorId", "action", "entityType", "entityId", "subjectUserId"];

/** Field names written literally into before/after objects of recordAudit calls (spreads and snapshots aside). */
function fieldsWrittenInCode() {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(root, "app", "models"))) {
    const text = readFileSync(file, "utf8");
    for (const call of text.split("recordAudit(").slice(1)) {
      // The call's own text: up to the first "});" or "})," that closes it.
      const body = call.slice(0, call.search(/\}\)[,;]/) + 1);
      const sides = body.slice(Math.max(0, body.search(/\b(before|after)\b/)));
      for (const m of sides.matchAll(/[{,]\s*([a-zA-Z]+)\s*(?=[:,}])/g))
        if (!ENTRY_KEYS.includes(m[1]!)) found.add(m[1]!);
    }
  }
  return found;
}

describe("audit fields", () => {
  test("every field the models write is listed, and every listed field is named in sk, ua and en", () => {
    const written = fieldsWrittenInCode();
    expect(written.has("documentValidUntil")).toBe(true);
    expect([...written].filter((field) => !(AUDIT_FIELDS as readonly string[]).includes(field))).toEqual([]);
    for (const language of LANGUAGES) {
      const admin = JSON.parse(readFileSync(path.join(root, "locales", language, "admin.json"), "utf8")) as {
        audit: { field: Record<string, string> };
      };
      expect(AUDIT_FIELDS.filter((field) => !admin.audit.field[field])).toEqual([]);
    }
  });
  test("a valid-until day is a day, whatever time of day it was stored at", () => {
    const [change] = auditChanges(
      { documentValidUntil: null },
      { documentValidUntil: "2027-03-09T00:00:00.000Z" },
      "user",
    );
    expect(change!.after).toEqual({ kind: "day", value: "2027-03-09" });
    expect(auditChanges(null, { serviceDate: "2026-11-20", nextDueAt: "2027-05-01" }).map((c) => c.after)).toEqual([
      { kind: "day", value: "2026-11-20" },
      { kind: "day", value: "2027-05-01" },
    ]);
  });
});
