import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { applications } from "~db/schema";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { getApplicationDetail, rejectApplication } from "~/models/applications.server";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { applicationForm, sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { png } from "../../tests/media-fixtures";
import { call } from "../../tests/route-harness";
import * as applyRoute from "./dashboard/apply";

const admin = await createUser({ role: "admin" });
const applicationsOf = async (userId: number) =>
  writerForTests().select().from(applications).where(eq(applications.userId, userId)).orderBy(applications.id);

describe("a rejection names the documents to replace", () => {
  for (const [language, face, front] of [
    ["ua", "Фото обличчя", "ID-картка / паспорт — лицьовий бік"],
    ["sk", "Fotka tváre", "Občiansky preukaz / pas — predná strana"],
  ] as const) {
    test(`the e-mail names each document in the courier's language (${language}) and links to its field`, async () => {
      const user = await createUser({ status: "confirmed_account", language });
      const cookie = await sessionCookieHeader(user.id);
      expect(
        (await call(applyRoute.action, "/dashboard/apply", { form: await applicationForm(), cookie })).status,
      ).toBe(302);
      const [first] = await applicationsOf(user.id);
      await rejectApplication(admin.id, first!.id, { reasonCode: "blurryPhoto", replace: ["face_photo", "id_front"] });
      const text = parseMail((await sentMails()).at(-1)!).text;
      expect(text).toContain(`- ${face}: ${config().appUrl}/dashboard#document-face_photo`);
      expect(text).toContain(`- ${front}: ${config().appUrl}/dashboard#document-id_front`);
      expect(text).not.toContain("#document-id_back");
    });
  }
});

describe("only uploaded documents can be asked for again", () => {
  test("a document the courier never uploaded is not named in the rejection, the e-mail or the dashboard", async () => {
    const user = await createUser({ status: "confirmed_account", language: "en" });
    const cookie = await sessionCookieHeader(user.id);
    await call(applyRoute.action, "/dashboard/apply", { form: await applicationForm(), cookie });
    const [first] = await applicationsOf(user.id);
    // A Slovak citizen's application has no residence permit: a ticked one (a forged form) is dropped.
    await rejectApplication(admin.id, first!.id, {
      reasonCode: "blurryPhoto",
      replace: ["face_photo", "residence_front"],
    });
    const [rejected] = await applicationsOf(user.id);
    expect(rejected!.replaceDocuments).toEqual(["face_photo"]);
    expect(parseMail((await sentMails()).at(-1)!).text).not.toContain("#document-residence_front");
  });
});

describe("the admin sees what a resubmission replaced", () => {
  test("only the new photo is marked, with the previous reason", async () => {
    const user = await createUser({ status: "confirmed_account", language: "en" });
    const cookie = await sessionCookieHeader(user.id);
    expect((await call(applyRoute.action, "/dashboard/apply", { form: await applicationForm(), cookie })).status).toBe(
      302,
    );
    const [first] = await applicationsOf(user.id);
    expect((await getApplicationDetail(first!.id))?.resubmission).toBeNull();
    await rejectApplication(admin.id, first!.id, { reasonCode: "blurryPhoto", replace: ["id_front"] });
    // The courier sends only a new ID front; the other documents are carried over.
    const form = await applicationForm(
      {},
      { face_photo: null, id_front: await png(420, 270), id_back: null, refugee_document: null },
    );
    expect((await call(applyRoute.action, "/dashboard/apply", { form, cookie })).status).toBe(302);
    const second = (await applicationsOf(user.id)).at(-1)!;
    const detail = (await getApplicationDetail(second.id))!;
    expect(detail.resubmission).toEqual({
      previousId: first!.id,
      previousReason: "A photo is blurred or unreadable",
      replaced: ["id_front"],
    });
    expect(detail.documents.filter((d) => d.isNew).map((d) => d.kind)).toEqual(["id_front"]);
    expect(detail.documents).toHaveLength(4);
  });
});
