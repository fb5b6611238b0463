/**
 * The earnings import page with files an admin may really pick: empty, too large without JS, a NUL inside a
 * row, a platform we do not know. Each is answered on the import page with its own message, never a 500.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { earningImports } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { tooLargePageFor } from "~/services/body-limit.server";
import { actors } from "../../tests/admin-fixtures";
import { createUser } from "../../tests/factories";
import { call, readJson } from "../../tests/route-harness";
import * as payoutsImport from "./admin/payouts-import";

const { admin, adminCookie } = await actors();
const HEADER = "platform;account_id;date;minutes;deliveries;gross_eur;tips_eur";
const key = async (url: string) =>
  (await readJson<{ formKey: string }>(await call(payoutsImport.loader, url, { cookie: adminCookie }))).formKey;

async function upload(platformId: number, file: File) {
  const form = new FormData();
  form.set("platformId", String(platformId));
  form.set("weekStart", "2026-11-02");
  form.set("file", file);
  const formKey = await key("/admin/payouts/import");
  return await call(payoutsImport.action, `/admin/payouts/import?formKey=${formKey}`, {
    cookie: adminCookie,
    form,
  });
}

const stagedOf = async (platformId: number) =>
  await writerForTests().select().from(earningImports).where(eq(earningImports.platformId, platformId));

describe("the import page answers bad files with their own message", () => {
  test("a chosen file of 0 bytes is 'empty', not 'choose a file'", async () => {
    const platformId = await createPlatform(admin.id, `Empty ${Date.now()}`);
    const response = await upload(platformId, new File([], "week.csv", { type: "text/csv" }));
    expect(response.status).toBe(400);
    expect((await readJson<{ formError: string }>(response)).formError).toBe(
      "The chosen file is empty (0 bytes). Choose the platform's file with its rows.",
    );
    expect(await stagedOf(platformId)).toEqual([]);
  });

  test("a file over the limit posted without JS comes back to the import page, which says why", async () => {
    const request = new Request("http://localhost/admin/payouts/import?formKey=x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(tooLargePageFor(request, new URL(request.url))).toBe("/admin/payouts/import?refused=tooLarge");
    // The router's own fetch (with JS) keeps its JSON answer.
    const data = new URL("http://localhost/admin/payouts/import.data");
    expect(tooLargePageFor(new Request(data, { method: "POST", headers: request.headers }), data)).toBeNull();
    const page = await readJson<{ refused: string | null }>(
      await call(payoutsImport.loader, "/admin/payouts/import?refused=tooLarge", { cookie: adminCookie }),
    );
    expect(page.refused).toBe("The file is too large (at most 10 MB).");
  });

  test("a NUL inside a row and a platform we do not know: previewed as named problem rows, the file still discardable", async () => {
    const platformName = `Wolt ${Date.now()}`;
    const platformId = await createPlatform(admin.id, platformName);
    const courier = await createUser();
    await linkPlatformAccount(admin.id, { platformId, accountId: "K-1", userId: courier.id, startsOn: "2026-10-01" });
    const csv = [
      HEADER,
      `${platformName};K-1;2026-11-02;300;14;62,40;5,00`,
      // Past the bytes the upload sniffs for a binary file: a NUL further in arrives as text.
      " ".repeat(5000),
      `${platformName};K\u00001;2026-11-03;240;11;48,10;0`,
      `Glovo;K-1;2026-11-04;60;2;10;0`,
    ].join("\n");
    const response = await upload(platformId, new File([csv], "week\u0000\u202E.csv", { type: "text/csv" }));
    expect(response.status).toBe(302);
    const [staged] = await stagedOf(platformId);
    expect(staged!.fileName).toBe("week__.csv");
    const preview = await call(payoutsImport.loader, `/admin/payouts/import?id=${staged!.id}`, { cookie: adminCookie });
    expect(preview.status).toBe(200);
    const data = await readJson<{
      preview: { good: number; problems: { line: number; code: string; value?: string }[] };
    }>(preview);
    expect(data.preview.good).toBe(1);
    expect(data.preview.problems.map((p) => [p.line, p.code, p.value])).toEqual([
      [3, "controlCharacter", undefined],
      [4, "unknownPlatform", "Glovo"],
    ]);
    const discarded = await call(payoutsImport.action, "/admin/payouts/import", {
      cookie: adminCookie,
      form: { intent: "discard", id: String(staged!.id) },
    });
    expect(discarded.status).toBe(302);
    expect(await stagedOf(platformId)).toEqual([]);
  });
});
