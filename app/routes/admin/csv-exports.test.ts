import { describe, expect, test } from "bun:test";
import { createUser, sessionCookieHeader } from "../../../tests/factories";
import { call } from "../../../tests/route-harness";
import * as usersExport from "./users-export";

/** The CSV downloads as an admin opens them: one writer, the admin's language, nothing a spreadsheet would run. */
describe("the users export", () => {
  test("is ;-separated with a BOM, headed in the admin's language, a formula in a name made inert", async () => {
    const admin = await createUser({ role: "admin", language: "sk" });
    const hostile = await createUser({ fullName: '=HYPERLINK("http://x.example","klik"); Nováková' });
    const response = await call(usersExport.loader, `/admin/users/export.csv?q=${hostile.email}`, {
      cookie: await sessionCookieHeader(admin.id),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, row, end] = text.slice(1).split("\r\n");
    expect(header).toBe("ID;E-mail;Odporučil;Rola;Aktívny;Registrovaný;Celé meno;Stav");
    expect(row).toContain(`${hostile.id};${hostile.email};;`);
    expect(row).toContain(';"\'=HYPERLINK(""http://x.example"",""klik""); Nováková";');
    expect(end).toBe("");
  });
});
