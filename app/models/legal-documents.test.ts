import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, legalConsents, legalDocuments, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import * as registerForm from "~/routes/auth/register";
import { createUser } from "../../tests/factories";
import { call } from "../../tests/route-harness";
import {
  acknowledgeLegalVersions,
  currentLegalVersions,
  listLegalConsents,
  newerLegalVersions,
  publishLegalDocument,
} from "./legal-documents.server";
import { collectUserData } from "./privacy.server";

let ip = 0;
const STRONG = "Courier-Legal-7!";

async function admin() {
  return createUser({ role: "admin" });
}

/** A language nobody else's test publishes in would leak; every test clears the texts it reads. */
async function clearTexts() {
  await writerForTests().delete(legalConsents);
  await writerForTests().delete(legalDocuments);
}

async function publish(kind: "privacy" | "terms", language: "sk" | "ua" | "en", body: string, actorId: number) {
  const basedOn = (await currentLegalVersions(language))[kind];
  const result = await publishLegalDocument({ kind, language, body, basedOn, actorId });
  expect(result.ok).toBe(true);
  return result;
}

describe("legal texts (docs/security.md, Privacy)", () => {
  test("each publication is a new dated version per text and language, audited; a stale form is refused", async () => {
    await clearTexts();
    const jana = await admin();
    expect(await currentLegalVersions("en")).toEqual({ privacy: 0, terms: 0 });
    await publish("privacy", "en", "## One\n\nFirst.", jana.id);
    await publish("privacy", "en", "## One\n\nSecond.", jana.id);
    await publish("terms", "ua", "## Умови", jana.id);
    expect(await currentLegalVersions("en")).toEqual({ privacy: 2, terms: 0 });
    expect(await currentLegalVersions("ua")).toEqual({ privacy: 0, terms: 1 });
    // A form opened on version 1 while version 2 was published changes nothing.
    const stale = await publishLegalDocument({
      kind: "privacy",
      language: "en",
      body: "Overwrite",
      basedOn: 1,
      actorId: jana.id,
    });
    expect(stale).toEqual({ ok: false, reason: "stale", version: 2 });
    const rows = await writerForTests()
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, "privacy"), eq(legalDocuments.language, "en")));
    expect(rows.map((r) => [r.version, r.body])).toEqual([
      [1, "## One\n\nFirst."],
      [2, "## One\n\nSecond."],
    ]);
    expect(rows.every((r) => r.publishedAt instanceof Date && r.publishedById === jana.id)).toBe(true);
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "legal_document.publish"), eq(auditLog.actorId, jana.id)));
    expect(audits.map((a) => a.after)).toContainEqual({ kind: "privacy", language: "en", version: 2 });
    expect(audits).toHaveLength(3);
    // The publisher is not told of their own text.
    expect(await newerLegalVersions(jana.id, "en")).toEqual([]);
  });

  test("two admins publishing at once: one wins, the others are told and nothing is overwritten", async () => {
    await clearTexts();
    const jana = await admin();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        publishLegalDocument({ kind: "terms", language: "en", body: `## ${i}`, basedOn: 0, actorId: jana.id }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => r.version === 1)).toBe(true);
    expect(await currentLegalVersions("en")).toEqual({ privacy: 0, terms: 1 });
  });

  test("registration records the versions the form showed, and the export lists them with their dates", async () => {
    await clearTexts();
    const jana = await admin();
    await publish("privacy", "sk", "## v1", jana.id);
    await publish("privacy", "sk", "## v2", jana.id);
    await publish("terms", "sk", "## t1", jana.id);
    const email = `legal-${Date.now().toString(36)}@example.com`;
    // The form was rendered with privacy v1 (v2 came out while it was open): v1 is what they were shown.
    const res = await call(registerForm.action, "/auth/register?lng=sk", {
      form: { email, password: STRONG, privacyVersion: "1", termsVersion: "1" },
      ip: `10.9.1.${++ip}`,
    });
    expect(res.status).toBe(201);
    const [user] = await writerForTests().select().from(users).where(eq(users.email, email));
    const consents = await listLegalConsents(user!.id);
    expect(consents.map((c) => [c.kind, c.language, c.version, c.source])).toEqual([
      ["privacy", "sk", 1, "registration"],
      ["terms", "sk", 1, "registration"],
    ]);
    expect(consents[0]!.acceptedAt).toBeInstanceOf(Date);
    expect(consents[0]!.publishedAt).toBeInstanceOf(Date);
    const data = await collectUserData(user!.id);
    expect(data!.legalConsents.map((c) => c.version)).toEqual([1, 1]);
    // So privacy v2 is news to them; the terms are not.
    expect((await newerLegalVersions(user!.id, "sk")).map((d) => [d.kind, d.version])).toEqual([["privacy", 2]]);
  });

  test("a forged or missing version is recorded as the one in force; before any publication, the template (0)", async () => {
    await clearTexts();
    const before = `legal-t-${Date.now().toString(36)}@example.com`;
    await call(registerForm.action, "/auth/register?lng=en", {
      form: { email: before, password: STRONG },
      ip: `10.9.2.${++ip}`,
    });
    const jana = await admin();
    await publish("privacy", "en", "## v1", jana.id);
    const forged = `legal-f-${Date.now().toString(36)}@example.com`;
    await call(registerForm.action, "/auth/register?lng=en", {
      form: { email: forged, password: STRONG, privacyVersion: "99", termsVersion: "abc" },
      ip: `10.9.2.${++ip}`,
    });
    for (const [address, expected] of [
      [before, [0, 0]],
      [forged, [1, 0]],
    ] as const) {
      const [user] = await writerForTests().select().from(users).where(eq(users.email, address));
      expect((await listLegalConsents(user!.id)).map((c) => c.version)).toEqual([...expected]);
    }
  });

  test("a logged-in person sees a new version once: acknowledging records it, and the next version shows again", async () => {
    await clearTexts();
    const jana = await admin();
    const olena = await createUser({ language: "ua" });
    // An account from before any publication has seen nothing.
    expect(await newerLegalVersions(olena.id, "ua")).toEqual([]);
    await publish("privacy", "ua", "## v1", jana.id);
    await publish("terms", "ua", "## t1", jana.id);
    expect((await newerLegalVersions(olena.id, "ua")).map((d) => d.kind)).toEqual(["privacy", "terms"]);
    await acknowledgeLegalVersions(olena.id, "ua");
    expect(await newerLegalVersions(olena.id, "ua")).toEqual([]);
    // Twice is harmless.
    await acknowledgeLegalVersions(olena.id, "ua");
    expect(await listLegalConsents(olena.id)).toHaveLength(2);
    await publish("privacy", "ua", "## v2", jana.id);
    expect((await newerLegalVersions(olena.id, "ua")).map((d) => [d.kind, d.version])).toEqual([["privacy", 2]]);
    // Another language's text is not news to someone reading in Ukrainian.
    await publish("terms", "en", "## en", jana.id);
    expect((await newerLegalVersions(olena.id, "ua")).map((d) => d.kind)).toEqual(["privacy"]);
  });
});
