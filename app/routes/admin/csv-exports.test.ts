import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { payStatements } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, sessionCookieHeader } from "../../../tests/factories";
import { insertStatement } from "../../../tests/pay-fixtures";
import { call } from "../../../tests/route-harness";
import * as payoutsMonth from "./payouts-month";
import * as payoutsMonthFile from "./payouts-month-file";
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

describe("the accountant's month", () => {
  const MONTH = "2042-03";

  test("page and CSV: admin only (visitor → log in, courier → 403), a month that is not one → 404", async () => {
    const admin = await createUser({ role: "admin", language: "sk" });
    const courier = await createUser({ status: "working_no_vehicle" });
    for (const [handler, path] of [
      [payoutsMonth.loader, `/admin/payouts/months/${MONTH}`],
      [payoutsMonthFile.loader, `/admin/payouts/months/${MONTH}/payroll.csv`],
    ] as const) {
      const visitor = await call(handler, path, { params: { month: MONTH } });
      expect(visitor.status).toBe(302);
      const user = await call(handler, path, {
        params: { month: MONTH },
        cookie: await sessionCookieHeader(courier.id),
      });
      expect(user.status).toBe(403);
      for (const bad of [
        "2042-13",
        "2042-3",
        "latest",
        "2042-03.csv",
        "2042-03\u0000",
        "\u202e2042-03",
        "' OR 1=1 --",
        "9".repeat(5000),
      ])
        expect(
          (await call(handler, path, { params: { month: bad }, cookie: await sessionCookieHeader(admin.id) })).status,
        ).toBe(404);
    }
  });

  test("the CSV: the admin's language, a row per courier and the total, negative amounts stay numbers, names inert", async () => {
    const admin = await createUser({ role: "admin", language: "sk" });
    const hostile = await createUser({ fullName: '=HYPERLINK("http://x.example","klik")' });
    const olena = await createUser({ fullName: "Олена Коваленко" });
    const a = await insertStatement(hostile.id, "2042-02-24", { status: "paid", payday: "2042-03-07", minutes: 2555 });
    await insertStatement(olena.id, "2042-03-03", { status: "paid", payday: "2042-03-13", minutes: 600, leaseDays: 0 });
    await writerForTests()
      .update(payStatements)
      .set({ adjustmentsCents: -1250, netCents: a.computed.netCents - 1250 })
      .where(eq(payStatements.id, a.statement.id));

    const response = await call(payoutsMonthFile.loader, `/admin/payouts/months/${MONTH}/payroll.csv`, {
      params: { month: MONTH },
      cookie: await sessionCookieHeader(admin.id),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="payroll-${MONTH}.csv"`);
    const text = await response.text();
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "ID;Kuriér;E-mail;Výkazy;Minúty;Hodiny;Mzda;Prepitné;Nájom skútra;Škody;Úpravy;Prenesené;Čistá suma;Vyplatené",
    );
    // 2555 min × 7,50 €/h = 319,38 €; tips 4,50; rent 7 × 5,00; a correction of −12,50.
    expect(lines).toContain(
      `${hostile.id};"'=HYPERLINK(""http://x.example"",""klik"")";${hostile.email};1;2555;42 h 35 min;319,38;4,50;-35,00;0,00;-12,50;0,00;276,38;07.03.2042`,
    );
    expect(lines).toContain(
      `${olena.id};Олена Коваленко;${olena.email};1;600;10 h 0 min;75,00;4,50;0,00;0,00;0,00;0,00;79,50;13.03.2042`,
    );
    expect(lines.at(-2)).toBe(";Spolu;;2;3155;52 h 35 min;394,38;9,00;-35,00;0,00;-12,50;0,00;355,88;");
    expect(lines.at(-1)).toBe("");
  });

  test("the page: the same figures, the rule it counts by, links to the neighbouring months", async () => {
    const admin = await createUser({ role: "admin", language: "sk" });
    const response = await call(payoutsMonth.loader, `/admin/payouts/months/${MONTH}`, {
      params: { month: MONTH },
      cookie: await sessionCookieHeader(admin.id),
    });
    const page = (await response.json()) as Awaited<ReturnType<typeof payoutsMonth.loader>>;
    expect([page.previous, page.next]).toEqual(["2042-02", "2042-04"]);
    expect(page.totals).toMatchObject({ statements: 2, minutes: 3155, netCents: 35_588 });
  });
});
