import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { documentRenewals, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { png } from "../../tests/media-fixtures";
import { call, readJson } from "../../tests/route-harness";
import * as dashboard from "./dashboard";
import * as documentRenewalRoute from "./dashboard/document-renewal";
import * as documents from "./dashboard-documents";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function courier(status: "working_no_vehicle" | "confirmed_account" | "applied_for_job" = "working_no_vehicle") {
  const user = await createUser({ status });
  await writerForTests()
    .update(users)
    .set({ documentValidUntil: new Date(`${inDays(10)}T00:00:00Z`) })
    .where(eq(users.id, user.id));
  return { user, cookie: await sessionCookieHeader(user.id) };
}

async function fileForm(field: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(await png(300, 200))], `${field}.png`, { type: "image/png" }));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return form;
}

describe("a new right-to-stay document", () => {
  test("one photo at a time: approved couriers may send right-to-stay kinds only; applicants under review nothing", async () => {
    const { cookie } = await courier();
    expect(
      (await call(documents.action, "/dashboard/documents", { form: await fileForm("refugee_document"), cookie }))
        .status,
    ).toBe(201);
    expect(
      (await call(documents.action, "/dashboard/documents", { form: await fileForm("face_photo"), cookie })).status,
    ).toBe(400);
    const waiting = await courier("applied_for_job");
    expect(
      (
        await call(documents.action, "/dashboard/documents", {
          form: await fileForm("refugee_document"),
          cookie: waiting.cookie,
        })
      ).status,
    ).toBe(403);
  });

  test("the no-JS form: a past date is refused with the file kept; a future one creates the pending renewal", async () => {
    const { user, cookie } = await courier();
    const refused = await call(documentRenewalRoute.action, "/dashboard/document-renewal", {
      form: await fileForm("refugee_document", { validUntil: inDays(-1) }),
      cookie,
    });
    expect(refused.status).toBe(400);
    expect((await readJson<{ error: string; validUntil: string }>(refused)).validUntil).toBe(inDays(-1));
    expect(
      await writerForTests().select().from(documentRenewals).where(eq(documentRenewals.userId, user.id)),
    ).toHaveLength(0);
    // The kept draft counts: only the date is sent again.
    const form = new FormData();
    form.set("validUntil", inDays(400));
    const sent = await call(documentRenewalRoute.action, "/dashboard/document-renewal", { form, cookie });
    expect(sent.status).toBe(302);
    expect(
      (await writerForTests().select().from(documentRenewals).where(eq(documentRenewals.userId, user.id)))[0]?.status,
    ).toBe("pending");
    const data = await readJson<{ documents: { pending: unknown } }>(
      await call(dashboard.loader, "/dashboard", { cookie }),
    );
    expect(data.documents.pending).toBeTruthy();
  });

  test("an applicant cannot use the renewal form", async () => {
    const { cookie } = await courier("confirmed_account");
    const response = await call(documentRenewalRoute.action, "/dashboard/document-renewal", {
      form: await fileForm("refugee_document", { validUntil: inDays(400) }),
      cookie,
    });
    expect(response.status).toBe(403);
  });
});

describe("the upload address answers only POST", () => {
  test("GET is 405 with Allow: POST and a translated message, signed in or not", async () => {
    const { cookie } = await courier();
    for (const options of [{ cookie }, {}]) {
      // oxlint-disable-next-line no-await-in-loop
      const response = await call((documents as { loader?: unknown }).loader as never, "/dashboard/documents", {
        ...options,
        headers: { "Accept-Language": "en" },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      // oxlint-disable-next-line no-await-in-loop
      expect(await readJson(response)).toEqual({ error: "This method is not allowed here." });
    }
  });
});
