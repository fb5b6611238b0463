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
    // …fetched below the stylesheet and the first paint (lowPriorityPreloads).
    expect(login).not.toMatch(/<link rel="modulepreload"(?![^>]*fetchPriority="low")/);
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
    // Every page does the same.
    const login = await (await send("/?auth=login")).text();
    expect(login).toMatch(/<style>[^<]*\.site-header\{/);
    // The admin screens with the rules of their second stylesheet too, and neither stylesheet blocking.
    const admin = await createUser({ role: "admin" });
    const response = await send("/admin/users", { cookie: await sessionCookieHeader(admin.id) });
    expect(response.status).toBe(200);
    const users = await response.text();
    const adminHead = users.slice(0, users.indexOf("</head>"));
    const adminStyle = /<style>([\s\S]*?)<\/style>/.exec(adminHead)?.[1] ?? "";
    expect(adminStyle).toContain(".btn{");
    expect(adminStyle).toContain(".admin-shell{");
    expect(adminStyle).toContain(".admin-header{");
    expect(adminStyle).not.toContain(admin.email);
    const links = [...adminHead.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map(([tag]) => tag);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/media="print" data-full-css>$/);
    expect(users.match(/<noscript><link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/noscript>/g)).toHaveLength(2);
  });

  test("an admin's browser that has this build's stylesheets gets the plain links, without the rules inline", async () => {
    const admin = await createUser({ role: "admin" });
    const session = await sessionCookieHeader(admin.id);
    const first = await send("/admin/users", { cookie: session });
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^cf_css=\w+; Path=\/admin; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    const inlineRules = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlineRules(await first.text())).toContain(".admin-shell{");
    // Sent back, as the browser does on its next full load.
    const stylesheets = setCookie.split(";")[0]!;
    const again = await send("/admin/users", { cookie: `${session}; ${stylesheets}` });
    expect(again.headers.get("set-cookie") ?? "").not.toContain("cf_css");
    const plain = await again.text();
    expect(inlineRules(plain)).toBe("");
    expect(plain).not.toContain("data-full-css");
    const head = plain.slice(0, plain.indexOf("</head>"));
    const links = [...head.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map(([tag]) => tag);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).not.toContain("media=");
    // A cookie from another build names other stylesheets: the rules come inline again.
    const stale = await send("/admin/users", { cookie: `${session}; cf_css=older` });
    expect(inlineRules(await stale.text())).toContain(".admin-shell{");
  });

  test("a courier's browser that has this build's stylesheets gets the plain links; the scripts still wait for load", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const session = await sessionCookieHeader(user.id);
    const inlineRules = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const first = await send("/dashboard", { cookie: session });
    const setCookie = first.headers.getSetCookie().find((cookie) => cookie.startsWith("cf_css=")) ?? "";
    expect(setCookie).toMatch(/^cf_css=\w+; Path=\/dashboard; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    expect(inlineRules(await first.text())).toContain(".site-header");
    const again = await send("/dashboard", { cookie: `${session}; ${setCookie.split(";")[0]}` });
    expect(again.headers.getSetCookie().some((cookie) => cookie.startsWith("cf_css="))).toBe(false);
    const plain = await again.text();
    expect(inlineRules(plain)).toBe("");
    expect(plain).not.toContain("data-full-css");
    expect(plain).toContain("data-hydrate-later");
    // Another build's cookie: the rules come inline again.
    const stale = await send("/dashboard", { cookie: `${session}; cf_css=older` });
    expect(inlineRules(await stale.text())).toContain(".site-header");
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
