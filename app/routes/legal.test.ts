import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { legalConsents, legalDocuments } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { listLegalVersions, newerLegalVersions } from "~/models/legal-documents.server";
import * as root from "~/root";
import * as adminLegal from "~/routes/admin/legal";
import * as adminLegalEdit from "~/routes/admin/legal-edit";
import * as acknowledge from "~/routes/legal-acknowledge";
import * as legalPage from "~/routes/legal";
import {
  clearCompanyProfile,
  createUser,
  enrolSecondFactor,
  sessionCookieHeader,
  setCompanyProfile,
} from "../../tests/factories";
import { DEMO_COMPANY } from "~db/seed-content";
import { call, readJson } from "../../tests/route-harness";

async function adminCookie() {
  const admin = await createUser({ role: "admin" });
  await enrolSecondFactor(admin.id);
  return { admin, cookie: await sessionCookieHeader(admin.id) };
}

const editPath = (kind: string, language: string) => `/admin/legal/${kind}/${language}`;
const editParams = (kind: string, language: string) => ({ kind, language });

// The controller's facts come from the operator's company profile.
beforeAll(() => setCompanyProfile(DEMO_COMPANY));
afterAll(() => clearCompanyProfile());

beforeEach(async () => {
  await writerForTests().delete(legalConsents);
  await writerForTests().delete(legalDocuments);
});

describe("/privacy and /terms", () => {
  test("before anything is published, the template in the reader's language, with the company's facts", async () => {
    const res = await call(legalPage.loader, "/privacy?lng=ua");
    expect(res.status).toBe(200);
    const page = await readJson<{ kind: string; version: number; date: string | null; body: string; title: string }>(
      res,
    );
    expect(page).toMatchObject({ kind: "privacy", version: 0, date: null });
    expect(page.title).toStartWith("Повідомлення про конфіденційність");
    expect(page.body).toContain("Контролером ваших персональних даних є Courier Fleet s.r.o.");
    expect(page.body).toContain("Úrad na ochranu osobných údajov Slovenskej republiky");
    const terms = await readJson<{ kind: string; body: string }>(await call(legalPage.loader, "/terms?lng=en"));
    expect(terms.kind).toBe("terms");
    expect(terms.body).toContain("16 or older");
  });

  test("an admin publishes (preview first, nothing saved), the page shows it; older versions stay readable", async () => {
    const { cookie } = await adminCookie();
    const preview = await call(adminLegalEdit.action, editPath("privacy", "en"), {
      cookie,
      params: editParams("privacy", "en"),
      form: { intent: "preview", body: "## Hello\n\nFirst <b>text</b>.", basedOn: "0" },
    });
    expect(preview.status).toBe(200);
    expect(await readJson(preview)).toMatchObject({ preview: "## Hello\n\nFirst <b>text</b>." });
    expect(await listLegalVersions("privacy", "en")).toEqual([]);
    for (const [i, body] of ["## Hello\n\nFirst <b>text</b>.", "## Hello\n\nSecond."].entries()) {
      const res = await call(adminLegalEdit.action, editPath("privacy", "en"), {
        cookie,
        params: editParams("privacy", "en"),
        form: { intent: "publish", body, basedOn: String(i) },
      });
      expect(res.status).toBe(302);
    }
    const page = await readJson<{ version: number; body: string; date: string; older: boolean }>(
      await call(legalPage.loader, "/privacy?lng=en"),
    );
    expect(page).toMatchObject({ version: 2, body: "## Hello\n\nSecond.", older: false });
    expect(page.date).toMatch(/\d{4}/);
    const first = await readJson<{ version: number; body: string; older: boolean }>(
      await call(legalPage.loader, "/privacy?lng=en&version=1"),
    );
    expect(first).toMatchObject({ version: 1, body: "## Hello\n\nFirst <b>text</b>.", older: true });
    expect((await call(legalPage.loader, "/privacy?lng=en&version=7")).status).toBe(404);
    // Another language still shows its template.
    expect(await readJson(await call(legalPage.loader, "/privacy?lng=sk"))).toMatchObject({ version: 0 });
  });

  test("the preview of a privacy notice names the categories of the export it leaves out", async () => {
    const { cookie } = await adminCookie();
    const preview = await call(adminLegalEdit.action, editPath("privacy", "en"), {
      cookie,
      params: editParams("privacy", "en"),
      form: { intent: "preview", body: "## Short\n\nWe keep your e-mail address and bank details.", basedOn: "0" },
    });
    const { missing } = await readJson<{ missing: string[] }>(preview);
    expect(missing).toContain("applications");
    expect(missing).not.toContain("profile");
    expect(missing).not.toContain("bankAccount");
    // The terms are not a privacy notice: nothing to name there.
    const terms = await call(adminLegalEdit.action, editPath("terms", "en"), {
      cookie,
      params: editParams("terms", "en"),
      form: { intent: "preview", body: "## Terms", basedOn: "0" },
    });
    expect((await readJson<{ missing: string[] }>(terms)).missing).toEqual([]);
  });

  test("a form opened before another admin published is refused with the text kept; empty text is refused", async () => {
    const { cookie } = await adminCookie();
    const publish = (body: string, basedOn: string) =>
      call(adminLegalEdit.action, editPath("terms", "sk"), {
        cookie,
        params: editParams("terms", "sk"),
        form: { intent: "publish", body, basedOn },
      });
    expect((await publish("## A", "0")).status).toBe(302);
    const stale = await publish("## B", "0");
    expect(stale.status).toBe(409);
    const answer = await readJson<{ formError: string; body: string }>(stale);
    expect(answer.body).toBe("## B");
    expect(answer.formError).toContain("version 1");
    const empty = await publish("   ", "1");
    expect(empty.status).toBe(400);
    expect((await listLegalVersions("terms", "sk")).map((v) => v.version)).toEqual([1]);
  });

  test("the editor is for admins only; unknown texts are 404", async () => {
    const courier = await createUser();
    const courierCookie = await sessionCookieHeader(courier.id);
    for (const [handler, path, params] of [
      [adminLegal.loader, "/admin/legal", {}],
      [adminLegalEdit.loader, editPath("privacy", "en"), editParams("privacy", "en")],
      [adminLegalEdit.action, editPath("privacy", "en"), editParams("privacy", "en")],
    ] as const) {
      const res = await call(handler, path, {
        cookie: courierCookie,
        params,
        form: handler === adminLegalEdit.action ? { intent: "publish", body: "x", basedOn: "0" } : undefined,
      });
      expect(res.status).toBe(403);
      expect((await call(handler, path, { params })).status).toBe(302);
    }
    const { cookie } = await adminCookie();
    expect(
      (
        await call(adminLegalEdit.loader, "/admin/legal/cookies/en", {
          cookie,
          params: { kind: "cookies", language: "en" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(adminLegalEdit.loader, "/admin/legal/terms/de", {
          cookie,
          params: { kind: "terms", language: "de" },
        })
      ).status,
    ).toBe(404);
    const list = await readJson<{ rows: unknown[] }>(await call(adminLegal.loader, "/admin/legal", { cookie }));
    expect(list.rows).toHaveLength(6);
  });

  test("a logged-in reader is told once of a new version: the root says so until 'Got it' is posted", async () => {
    const { cookie: admin } = await adminCookie();
    const olena = await createUser({ language: "ua" });
    const cookie = await sessionCookieHeader(olena.id);
    const notice = async () =>
      (await readJson<{ legalNotice: string[] }>(await call(root.loader, "/dashboard?lng=ua", { cookie }))).legalNotice;
    expect(await notice()).toEqual([]);
    await call(adminLegalEdit.action, editPath("privacy", "ua"), {
      cookie: admin,
      params: editParams("privacy", "ua"),
      form: { intent: "publish", body: "## Нове", basedOn: "0" },
    });
    expect(await notice()).toEqual(["privacy"]);
    const res = await call(acknowledge.action, "/legal/acknowledge?lng=ua", {
      cookie,
      form: { redirectTo: "/dashboard" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(await notice()).toEqual([]);
    expect(await newerLegalVersions(olena.id, "ua")).toEqual([]);
    // An off-site redirect goes home; a visitor is sent to log in.
    const away = await call(acknowledge.action, "/legal/acknowledge", {
      cookie,
      form: { redirectTo: "//evil.example" },
    });
    expect(away.headers.get("Location")).toBe("/");
    const visitor = await call(acknowledge.action, "/legal/acknowledge", { form: {} });
    expect(visitor.headers.get("Location")).toStartWith("/?auth=login");
    const rows = await writerForTests().select().from(legalConsents).where(eq(legalConsents.userId, olena.id));
    expect(rows.map((r) => [r.kind, r.version, r.source])).toEqual([["privacy", 1, "notice"]]);
  });
});
