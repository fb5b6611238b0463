import { beforeAll, describe, expect, test } from "bun:test";
import { and, asc, eq } from "drizzle-orm";
import { auditLog, faqEntries, fleetModels, partners, uploads } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { listFaq, listFleet, listPartners } from "~/models/content.server";
import { png } from "../../../tests/media-fixtures";
import { call } from "../../../tests/route-harness";
import { actors } from "../../../tests/admin-fixtures";
import * as contentFaq from "./content-faq";
import * as contentFleet from "./content-fleet";
import * as contentList from "./content";
import * as contentPartner from "./content-partner";

type Handler = Parameters<typeof call>[0];
let adminId = 0;
let adminCookie = "";
let userCookie = "";

beforeAll(async () => {
  const a = await actors();
  adminId = a.admin.id;
  adminCookie = a.adminCookie;
  userCookie = a.userCookie;
  await writerForTests().delete(faqEntries);
  await writerForTests().delete(fleetModels);
  await writerForTests().delete(partners);
});

/** Posts as a plain user first (refused, nothing changed), then as the admin. */
async function post(
  handler: unknown,
  path: string,
  form: Record<string, string> | FormData,
  params?: Record<string, string>,
) {
  const refused = await call(handler as Handler, path, { form, params, cookie: userCookie });
  expect(refused.status).toBe(403);
  return call(handler as Handler, path, { form, params, cookie: adminCookie });
}

const audits = async (action: string, entityId: number) =>
  await writerForTests()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

const faqForm = (question: string, answer: string) => ({
  intent: "save",
  questionSk: question,
  questionUa: "",
  questionEn: `${question} (en)`,
  answerSk: answer,
  answerUa: "",
  answerEn: `${answer} (en)`,
});

describe("FAQ", () => {
  test("add, edit, order and hide; the page and the assistant read only what is shown", async () => {
    expect((await post(contentFaq.action, "/admin/content/faq/new", faqForm("Prvá?", "Áno."))).status).toBe(302);
    expect((await post(contentFaq.action, "/admin/content/faq/new", faqForm("Druhá?", "Nie."))).status).toBe(302);
    const [first, second] = await writerForTests().select().from(faqEntries).orderBy(asc(faqEntries.position));
    expect([first!.questionSk, second!.questionSk, first!.questionUa]).toEqual(["Prvá?", "Druhá?", null]);
    expect((await audits("content.faq.create", first!.id))[0]?.actorId).toBe(adminId);

    const edited = await post(
      contentFaq.action,
      `/admin/content/faq/${second!.id}`,
      faqForm("Druhá?", "Áno, za {{rentPerDay}} na deň."),
      { id: String(second!.id) },
    );
    expect(edited.status).toBe(302);
    expect((await listFaq("sk")).map((e) => e.answer)).toEqual(["Áno.", "Áno, za 5,00\u00a0€ na deň."]);
    // Ukrainian readers get the Slovak text of an entry without theirs, the pair in one language.
    expect((await listFaq("ua"))[0]).toMatchObject({ question: "Prvá?", answer: "Áno." });

    const move = { intent: "move", list: "faq", id: String(second!.id), direction: "up" };
    expect((await post(contentList.action, "/admin/content", move)).status).toBe(302);
    expect((await listFaq("en")).map((e) => e.question)).toEqual(["Druhá? (en)", "Prvá? (en)"]);
    expect((await audits("content.faq.move", second!.id))[0]?.after).toMatchObject({ position: 1 });

    const hide = { intent: "hide", list: "faq", id: String(first!.id) };
    expect((await post(contentList.action, "/admin/content", hide)).status).toBe(302);
    expect((await listFaq("sk")).map((e) => e.id)).toEqual([second!.id]);
    expect(await audits("content.faq.hide", first!.id)).toHaveLength(1);
    await post(contentList.action, "/admin/content", { ...hide, intent: "show" });
    expect((await listFaq("sk")).map((e) => e.id)).toEqual([second!.id, first!.id]);
  });

  test("bad input is refused with translated messages and nothing changes", async () => {
    const count = (await writerForTests().select().from(faqEntries)).length;
    const empty = await call(contentFaq.action as Handler, "/admin/content/faq/new?lng=ua", {
      form: faqForm("", "x"),
      cookie: adminCookie,
    });
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.questionSk).toEqual(["admin:validation.required"]);
    const tooLong = await call(contentFaq.action as Handler, "/admin/content/faq/new", {
      form: faqForm("Otázka?", "a".repeat(3001)),
      cookie: adminCookie,
    });
    expect(tooLong.status).toBe(400);
    const badMove = await call(contentList.action as Handler, "/admin/content", {
      form: { intent: "move", list: "users", id: "1", direction: "up" },
      cookie: adminCookie,
    });
    expect(badMove.status).toBe(400);
    const missing = await call(contentList.action as Handler, "/admin/content", {
      form: { intent: "hide", list: "faq", id: "999999" },
      cookie: adminCookie,
    });
    expect(missing.status).toBe(404);
    expect((await writerForTests().select().from(faqEntries)).length).toBe(count);
  });

  test("a create form posted twice (double click, Back and resend) adds one entry", async () => {
    const form = { ...faqForm("Dvakrát?", "Raz."), formKey: "content-faq-key-0001" };
    for (let i = 0; i < 2; i++) {
      const response = await call(contentFaq.action as Handler, "/admin/content/faq/new", {
        form,
        cookie: adminCookie,
      });
      expect(response.status).toBe(302);
    }
    expect(await writerForTests().select().from(faqEntries).where(eq(faqEntries.questionSk, "Dvakrát?"))).toHaveLength(
      1,
    );
  });

  test("the pages are the admin's only", async () => {
    for (const [loader, path] of [
      [contentList.loader, "/admin/content"],
      [contentFaq.loader, "/admin/content/faq/new"],
      [contentFleet.loader, "/admin/content/fleet/new"],
      [contentPartner.loader, "/admin/content/partners/new"],
    ] as const) {
      expect((await call(loader as Handler, path, { cookie: userCookie })).status).toBe(403);
      expect((await call(loader as Handler, path, { cookie: adminCookie })).status).toBe(200);
    }
  });
});

describe("fleet banner models", () => {
  test("name, specification per language, licence AM and a re-encoded picture that replaces the old one", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "save",
      name: "Moped 1000",
      specSk: "1000 W, dojazd 80 km",
      specUa: "1000 Вт",
      specEn: "",
      licenceCategory: "AM",
    }))
      form.set(k, v);
    form.set("image", new File([await png(64, 48)], "m.png", { type: "image/png" }));
    expect((await post(contentFleet.action, "/admin/content/fleet/new", form)).status).toBe(302);
    const [model] = await writerForTests().select().from(fleetModels).where(eq(fleetModels.name, "Moped 1000"));
    expect([model!.licenceCategory, model!.specEn, model!.imageUploadId !== null]).toEqual(["AM", null, true]);
    const [image] = await writerForTests().select().from(uploads).where(eq(uploads.id, model!.imageUploadId!));
    // Stored through the upload pipeline: re-encoded by sharp, its size measured.
    expect([image!.kind, image!.mime, image!.width, image!.height]).toEqual(["fleet_image", "image/png", 64, 48]);
    expect((await listFleet("en")).find((m) => m.id === model!.id)).toMatchObject({
      title: "Moped 1000",
      spec: "1000 W, dojazd 80 km",
      licenceCategory: "AM",
      imageId: image!.id,
    });

    const again = new FormData();
    for (const [k, v] of form.entries()) if (k !== "image") again.set(k, v);
    again.set("licenceCategory", "none");
    again.set("image", new File([await png(80, 60)], "n.png", { type: "image/png" }));
    const params = { id: String(model!.id) };
    expect((await post(contentFleet.action, `/admin/content/fleet/${model!.id}`, again, params)).status).toBe(302);
    const [after] = await writerForTests().select().from(fleetModels).where(eq(fleetModels.id, model!.id));
    expect(after!.licenceCategory).toBe("none");
    expect(after!.imageUploadId).not.toBe(image!.id);
    expect(await writerForTests().select().from(uploads).where(eq(uploads.id, image!.id))).toHaveLength(0);
    expect((await audits("content.fleet.update", model!.id))[0]?.before).toMatchObject({ licenceCategory: "AM" });

    const bad = new FormData();
    for (const [k, v] of Object.entries({ intent: "save", name: "", specSk: "x", licenceCategory: "B" })) bad.set(k, v);
    const refused = await call(contentFleet.action as Handler, "/admin/content/fleet/new", {
      form: bad,
      cookie: adminCookie,
    });
    expect(refused.status).toBe(400);
  });
});

describe("partners", () => {
  test("name, link and logo; an unsafe link is refused", async () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("name", "Wolt");
    form.set("url", "https://wolt.com");
    form.set("logo", new File([await png(140, 40)], "w.png", { type: "image/png" }));
    expect((await post(contentPartner.action, "/admin/content/partners/new", form)).status).toBe(302);
    const [partner] = await writerForTests().select().from(partners).where(eq(partners.name, "Wolt"));
    expect((await listPartners()).find((p) => p.id === partner!.id)).toEqual({
      id: partner!.id,
      name: "Wolt",
      url: "https://wolt.com",
      logo: `/media/${partner!.logoUploadId}`,
    });
    for (const url of ["javascript:alert(1)", "wolt", "ftp://wolt.com"]) {
      const bad = new FormData();
      bad.set("intent", "save");
      bad.set("name", "Bad");
      bad.set("url", url);
      const refused = await call(contentPartner.action as Handler, "/admin/content/partners/new", {
        form: bad,
        cookie: adminCookie,
      });
      expect(refused.status).toBe(400);
    }
    expect(await writerForTests().select().from(partners).where(eq(partners.name, "Bad"))).toHaveLength(0);
    expect((await audits("content.partner.create", partner!.id))[0]?.actorId).toBe(adminId);
  });
});
