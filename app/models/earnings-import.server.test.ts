import { describe, expect, test } from "bun:test";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { auditLog, earningImports, earnings, platforms } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { readStoredFile, type ReceivedFile } from "~/infra/uploads.server";
import { createUser } from "../../tests/factories";
import { commitImport, ImportError, listImports, previewImport, stageEarningsFile } from "./earnings-import.server";
import { createPlatform, linkPlatformAccount, savePlatformMapping } from "./platforms.server";

const admin = await createUser({ role: "admin" });
const spool = mkdtempSync(path.join(tmpdir(), "earnings-"));
const WEEK = "2026-11-02";

/** A fixture as the upload form would have received it (spooled to a temporary file). */
function received(name: string): ReceivedFile {
  const target = path.join(spool, `${Math.random().toString(36).slice(2)}-${name}`);
  copyFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/earnings", name), target);
  return { field: "file", name, path: target, size: 1, type: { class: "text", mime: "text/csv", ext: "csv" } };
}

async function platformWithCouriers(name: string, accounts: string[]) {
  // The fixtures' files name the platform ("Wolt"), so the platform has that very name; one of that name left
  // by an earlier test (or the demo seed's) steps aside under another name.
  await writerForTests()
    .update(platforms)
    .set({ name: `${name} (earlier) ${Math.random()}`.slice(0, 40) })
    .where(eq(platforms.name, name));
  const platformId = await createPlatform(admin.id, name);
  const couriers = [];
  for (const accountId of accounts) {
    const courier = await createUser({ fullName: `Courier ${accountId}` });
    await linkPlatformAccount(admin.id, { platformId, accountId, userId: courier.id, startsOn: "2026-10-01" });
    couriers.push(courier);
  }
  return { platformId, couriers };
}

const stored = async (platformId: number) =>
  (await writerForTests().select().from(earnings).where(eq(earnings.platformId, platformId)))
    .map((r) => [r.accountId, r.day, r.minutes, r.grossCents, r.tipsCents])
    .sort();

const importAudits = async (id: number) =>
  await writerForTests()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "earning_import"), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);

describe("importing a week's earnings", () => {
  test("the generic file with a BOM: previewed with totals per courier, committed, kept privately", async () => {
    const { platformId, couriers } = await platformWithCouriers("Wolt", ["W-1001", "W-1002"]);
    const id = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received("generic-bom.csv"));
    const preview = await previewImport(id);
    if (preview.status !== "ready") throw new Error("needs mapping");
    expect(preview.read).toBe(4);
    expect(preview.problems).toEqual([]);
    expect(preview.counts).toEqual({ added: 4, changed: 0, unchanged: 0 });
    expect(preview.totals.map((t) => [t.userId, t.minutes, t.deliveries, t.grossCents, t.tipsCents])).toEqual([
      [couriers[0]!.id, 540, 25, 11050, 500],
      [couriers[1]!.id, 600, 27, 12675, 1230],
    ]);
    // Nothing is written by a preview.
    expect(await stored(platformId)).toEqual([]);
    expect(await commitImport(admin.id, id)).toEqual({ added: 4, changed: 0, unchanged: 0, skipped: 0 });
    expect(await stored(platformId)).toHaveLength(4);
    const [row] = await writerForTests().select().from(earningImports).where(eq(earningImports.id, id));
    expect(row!.committedAt).not.toBeNull();
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readStoredFile(row!.storageKey)).not.toBeNull();
    expect((await listImports()).some((i) => i.id === id)).toBe(true);
    expect(await importAudits(id)).toHaveLength(1);
    // Committing twice is refused.
    expect(await commitImport(admin.id, id).catch((e: unknown) => e instanceof ImportError && e.key)).toBe("notFound");
  });

  test("the same file again changes nothing and leaves no audit entry nor import record; a corrected file replaces one day, audited old → new", async () => {
    const { platformId } = await platformWithCouriers("Wolt", ["W-1001", "W-1002"]);
    await commitImport(
      admin.id,
      await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received("generic-bom.csv")),
    );
    const before = await stored(platformId);
    const again = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received("generic-bom.csv"));
    const preview = await previewImport(again);
    expect(preview.status === "ready" && preview.counts).toEqual({ added: 0, changed: 0, unchanged: 4 });
    expect(await commitImport(admin.id, again)).toEqual({ added: 0, changed: 0, unchanged: 4, skipped: 0 });
    expect(await stored(platformId)).toEqual(before);
    expect(await importAudits(again)).toEqual([]);
    expect(await writerForTests().select().from(earningImports).where(eq(earningImports.id, again))).toEqual([]);

    const corrected = await stageEarningsFile(
      admin.id,
      { platformId, weekStart: WEEK },
      received("generic-bom-corrected.csv"),
    );
    expect(await commitImport(admin.id, corrected)).toEqual({ added: 0, changed: 1, unchanged: 3, skipped: 0 });
    expect(await stored(platformId)).toContainEqual(["W-1001", "2026-11-03", 270, 5460, 150]);
    const [audit] = await importAudits(corrected);
    expect(audit!.before).toEqual({
      changedRows: [
        { accountId: "W-1001", day: "2026-11-03", minutes: 240, deliveries: 11, grossCents: 4810, tipsCents: 0 },
      ],
    });
    expect(audit!.after).toMatchObject({
      changed: 1,
      added: 0,
      changedRows: [
        { accountId: "W-1001", day: "2026-11-03", minutes: 270, deliveries: 12, grossCents: 5460, tipsCents: 150 },
      ],
    });
  });

  test("`;` with decimal commas: the duplicate, bad rows and the unknown account are skipped; linking the account on the spot brings its row in", async () => {
    const { platformId } = await platformWithCouriers("Bolt Food", ["B-77"]);
    const id = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received("generic-semicolon.csv"));
    let preview = await previewImport(id);
    if (preview.status !== "ready") throw new Error("needs mapping");
    // "1 038,05" € in one day (and its repetition) is over the default daily cap of 500,00 €.
    expect(preview.problems.map((p) => p.code)).toEqual([
      "grossTooHigh",
      "grossTooHigh",
      "unknownAccount",
      "badNumber",
      "outsideWeek",
      "badDate",
    ]);
    expect(preview.unknownAccounts).toEqual([{ accountId: "B-404", firstDay: "2026-11-04" }]);
    const stranger = await createUser({ fullName: "Nová Kuriérka" });
    await linkPlatformAccount(admin.id, { platformId, accountId: "B-404", userId: stranger.id, startsOn: WEEK });
    preview = await previewImport(id);
    if (preview.status !== "ready") throw new Error("needs mapping");
    expect(preview.unknownAccounts).toEqual([]);
    expect(preview.totals.find((t) => t.userId === stranger.id)?.grossCents).toBe(1200);
    expect(await commitImport(admin.id, id)).toEqual({ added: 2, changed: 0, unchanged: 0, skipped: 5 });
  });

  test("a Windows-1250 export asks for a mapping once; the mapping is remembered for the platform's next file", async () => {
    const { platformId } = await platformWithCouriers("foodora", ["WS-501", "WS-502", "WS-503"]);
    const id = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received("platform-export-1250.csv"));
    const first = await previewImport(id);
    expect(first.status).toBe("needsMapping");
    expect(first.status === "needsMapping" && first.header).toContain("Hrubý zárobok (€)");
    await expect(commitImport(admin.id, id)).rejects.toBeInstanceOf(ImportError);
    await savePlatformMapping(admin.id, platformId, {
      columns: {
        account_id: "ID účtu",
        date: "Dátum",
        minutes: "Odpracované hodiny",
        deliveries: "Počet doručení",
        gross_eur: "Hrubý zárobok (€)",
        tips_eur: "Prepitné (€)",
      },
      duration: "hours",
    });
    expect(await commitImport(admin.id, id)).toEqual({ added: 3, changed: 0, unchanged: 0, skipped: 0 });
    const next = await stageEarningsFile(
      admin.id,
      { platformId, weekStart: WEEK },
      received("platform-export-1250.csv"),
    );
    const preview = await previewImport(next);
    expect(preview.status === "ready" && preview.counts).toEqual({ added: 0, changed: 0, unchanged: 3 });
    expect(await stored(platformId)).toContainEqual(["WS-501", "2026-11-02", 450, 9235, 620]);
  });

  test("an empty file is refused before anything is stored", async () => {
    const { platformId } = await platformWithCouriers("Wolt", []);
    const file = received("generic-bom.csv");
    await Bun.write(file.path, "platform;account_id;date\n");
    expect(
      await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, file).catch(
        (e: unknown) => e instanceof ImportError && e.key,
      ),
    ).toBe("empty");
  });
});
