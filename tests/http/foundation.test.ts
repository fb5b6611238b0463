import { beforeAll, describe, expect } from "bun:test";
import { createUser, sessionCookieHeader } from "../factories";
import { preparePipeline, send, test } from "../pipeline-harness";

beforeAll(preparePipeline, 120_000);

/** What the server answers before any browser is involved: API 404s, the admin's 403, built assets. */
describe("foundation", () => {
  test("unknown /api path answers JSON 404", async () => {
    const response = await send("/api/nothing-here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  test("a plain user gets 403 on /admin", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    expect((await send("/admin/dashboard", { cookie: await sessionCookieHeader(user.id) })).status).toBe(403);
  });

  test("the courier's pages start their scripts at load; other per-request pages keep their preloads", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const dashboard = await (await send("/dashboard", { cookie: await sessionCookieHeader(user.id) })).text();
    expect(dashboard).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(dashboard).toMatch(/<script[^>]*type="text\/plain" data-hydrate-later/);
    expect(dashboard).toContain('addEventListener("load",painted)');
    const login = await (await send("/?auth=login")).text();
    expect(login).toMatch(/<link[^>]*rel="modulepreload"/);
    expect(login).not.toContain("data-hydrate-later");
  });

  test("pages carry their rules inline and load the full stylesheet without blocking", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const dashboard = await (await send("/dashboard", { cookie: await sessionCookieHeader(user.id) })).text();
    const head = dashboard.slice(0, dashboard.indexOf("</head>"));
    const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(style).toContain(".site-header");
    expect(head).toMatch(/<link[^>]*rel="stylesheet"[^>]*media="print" data-full-css>/);
    expect(dashboard).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/noscript>/);
    // Nothing of the courier reaches the shared rules.
    expect(style).not.toContain(user.email);
    // Every page outside the admin area does the same; the admin screens wait for their second stylesheet.
    const login = await (await send("/?auth=login")).text();
    expect(login).toMatch(/<style>[^<]*\.site-header\{/);
    const admin = await createUser({ role: "admin" });
    const response = await send("/admin/users", { cookie: await sessionCookieHeader(admin.id) });
    expect(response.status).toBe(200);
    const users = await response.text();
    expect(users).toMatch(/<link[^>]*rel="stylesheet"[^>]*href="\/assets\/root-[^"]+\.css"\/>/);
    expect(users).not.toContain("data-full-css");
  });

  test("static assets are fingerprinted, immutable and precompressed", async () => {
    const html = await (await send("/")).text();
    // A module the page imports (in the home copy, named by its deferred module script).
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+-[\w-]{8}\.js$/);
    const response = await send(script!, { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect((await send("/assets/../../server.ts")).status).toBe(404);
    expect((await send("/assets/missing-file.js")).status).toBe(404);
  });
});
