import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { getToast, setToast } from "remix-toast/middleware";
import { referralLinks } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { middleware as rootMiddleware } from "~/root";
import { call, harnessMiddleware, readJson } from "./route-harness";

type Args = { context: Parameters<typeof getToast>[0] };

afterAll(async () => {
  await writerForTests().delete(referralLinks).where(eq(referralLinks.code, "HARNESS1"));
});

describe("the route harness runs what the server runs", () => {
  test("its middleware is root.tsx's own array, in the same order", () => {
    expect(harnessMiddleware).toBe(rootMiddleware);
  });

  test("a ?ref= page view is counted and remembered in a cookie (referral middleware)", async () => {
    await writerForTests().insert(referralLinks).values({ name: "Harness", code: "HARNESS1" });
    const response = await call(() => data({ ok: true }), "/?ref=HARNESS1", {
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie") ?? "").toContain("HARNESS1");
  });

  test("a toast set by an action reaches the next request once (toast middleware)", async () => {
    const set = await call(({ context }: Args) => {
      setToast(context as never, { type: "success", message: "Saved" });
      return data({ ok: true });
    }, "/anything");
    const cookie = (set.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toStartWith("toast-session=");
    const read = await call(({ context }: Args) => data({ toast: getToast(context as never) ?? null }), "/anything", {
      cookie,
    });
    expect((await readJson<{ toast: { message: string } | null }>(read)).toast?.message).toBe("Saved");
  });

  test("a thrown answer from a middleware is the answer (query text rule)", async () => {
    const response = await call(() => data({ ok: true }), "/anything?q=%00abc");
    expect(response.status).toBe(400);
  });
});
