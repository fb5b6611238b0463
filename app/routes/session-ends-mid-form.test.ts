/** The application typed when the session ended is kept for after the log-in. */
import { describe, expect, test } from "bun:test";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { png } from "../../tests/media-fixtures";
import { call, readJson } from "../../tests/route-harness";
import * as dashboard from "./dashboard";
import * as applyRoute from "./dashboard/apply";
import * as draftRoute from "./dashboard/draft";

type Data = { applicationKept?: boolean; draft: Record<string, string> | null };
const cookieOf = (response: Response) => response.headers.get("Set-Cookie")?.split(";")[0] ?? "";

describe("the session ends mid-form", () => {
  test("submitting without a session keeps the text; after log-in it is the draft and the page says so", async () => {
    const form = new FormData();
    form.set("fullName", "Oleh Kovalenko");
    form.set("phone", "0903 123 456");
    form.set("comment", "Можу працювати вечорами.");
    form.set("face_photo", new File([new Uint8Array(await png())], "face.png", { type: "image/png" }));
    const posted = await call(applyRoute.action, "/dashboard/apply", { form });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/?auth=login&redirectTo=%2Fdashboard");
    const kept = cookieOf(posted);
    expect(kept).toMatch(/^cf_kept=/);

    const courier = await createUser({ status: "confirmed_account" });
    const session = await sessionCookieHeader(courier.id);
    const page = await call(dashboard.loader, "/dashboard", { cookie: `${session}; ${kept}` });
    const data = await readJson<Data>(page);
    expect(data.applicationKept).toBe(true);
    expect(data.draft).toMatchObject({
      fullName: "Oleh Kovalenko",
      phone: "0903 123 456",
      comment: "Можу працювати вечорами.",
    });
    // Told once: the cookie is cleared, the draft stays.
    expect(page.headers.get("Set-Cookie")).toMatch(/^cf_kept=;.*Max-Age=0/i);
    const again = await readJson<Data>(await call(dashboard.loader, "/dashboard", { cookie: session }));
    expect(again.applicationKept).toBe(false);
    expect(again.draft?.fullName).toBe("Oleh Kovalenko");
  });

  test("the background draft sent when the page is hidden is kept the same way", async () => {
    const posted = await call(draftRoute.action, "/dashboard/draft", {
      form: { fullName: "Olena Kovalenko", age: "24" },
    });
    expect(posted.status).toBe(302);
    const courier = await createUser({ status: "confirmed_account" });
    const data = await readJson<Data>(
      await call(dashboard.loader, "/dashboard", {
        cookie: `${await sessionCookieHeader(courier.id)}; ${cookieOf(posted)}`,
      }),
    );
    expect(data.draft).toMatchObject({ fullName: "Olena Kovalenko", age: "24" });
  });

  test("a forged or foreign cookie is ignored; a courier who may not apply is not given a draft", async () => {
    const working = await createUser({ status: "working_no_vehicle" });
    const posted = await call(applyRoute.action, "/dashboard/apply", { form: { fullName: "Someone Else" } });
    const data = await readJson<Data>(
      await call(dashboard.loader, "/dashboard", {
        cookie: `${await sessionCookieHeader(working.id)}; ${cookieOf(posted)}`,
      }),
    );
    expect(data.applicationKept).toBe(false);
    const courier = await createUser({ status: "confirmed_account" });
    const forged = `cf_kept=${Buffer.from(JSON.stringify({ fullName: "Forged" })).toString("base64")}`;
    const plain = await readJson<Data>(
      await call(dashboard.loader, "/dashboard", { cookie: `${await sessionCookieHeader(courier.id)}; ${forged}` }),
    );
    expect(plain.applicationKept).toBe(false);
    expect(plain.draft?.fullName ?? "").toBe("");
  });
});
