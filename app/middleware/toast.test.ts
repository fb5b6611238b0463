import { describe, expect, test } from "bun:test";
import { RouterContextProvider } from "react-router";
import { getToast, setToast } from "remix-toast/middleware";
import { toastMiddleware } from "./toast";

type Args = Parameters<typeof toastMiddleware>[0];

async function pass(cookie: string | null, inside: (context: RouterContextProvider) => void = () => {}) {
  const request = new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
  const context = new RouterContextProvider();
  let seen: unknown = undefined;
  const response = (await toastMiddleware(
    { request, context, params: {}, pattern: "/", url: new URL(request.url) } as unknown as Args,
    async () => {
      seen = getToast(context);
      inside(context);
      return new Response("ok");
    },
  )) as Response;
  return { seen, setCookie: response.headers.get("Set-Cookie") };
}

describe("flash toasts", () => {
  test("a request without a toast cookie gets no cookie back", async () => {
    const { seen, setCookie } = await pass(null);
    expect(seen).toBeNull();
    expect(setCookie).toBeNull();
    expect((await pass("lng=x; cf_session=y")).setCookie).toBeNull();
  });

  test("a toast set by an action is shown once on the next request, then its cookie is cleared", async () => {
    const set = await pass(null, (context) => setToast(context, { message: "Saved", type: "success" }));
    expect(set.setCookie).toContain("toast-session=");
    const cookie = set.setCookie!.split(";")[0]!;
    const next = await pass(cookie);
    expect(next.seen).toEqual({ message: "Saved", type: "success" });
    expect(next.setCookie).toContain("toast-session=");
    const after = await pass(next.setCookie!.split(";")[0]!);
    expect(after.seen).toBeNull();
  });
});
