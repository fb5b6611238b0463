import { describe, expect, setSystemTime, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { config } from "~/infra/config.server";
import { dataVersion } from "~/infra/db.server";
import { invalidatePageCache, pageCacheKey, withPageCache } from "./page-cache.server";

let renders = 0;
function render(extra: Record<string, string> = {}) {
  return async () => {
    renders++;
    // As long as the server's own nonces (16 random bytes in base64url), which the gzip copy needs.
    const nonce = `n0nce${String(renders).padStart(4, "0")}abcdefghijklm`;
    return new Response(`<script nonce="${nonce}">render ${renders}</script>`, {
      headers: { "Content-Type": "text/html", "Content-Security-Policy": `script-src 'nonce-${nonce}'`, ...extra },
    });
  };
}
/**
 * A commit the process did not make (another instance, a restore): on SQLite through a second
 * connection to the file; on PostgreSQL through a connection of its own, after which the change
 * signal (the write-ahead log position, polled in the background) is awaited until it has moved.
 */
async function commitOnAnotherConnection() {
  if (config().databaseEngine === "postgres") {
    const before = dataVersion();
    const other = new SQL(config().databaseUrl);
    await other`UPDATE settings SET value = value`;
    await other`CREATE TABLE IF NOT EXISTS page_cache_probe (x integer)`;
    await other.close();
    while (dataVersion() === before) await Bun.sleep(10);
    return;
  }
  const other = new Database(config().databasePath);
  other.exec("UPDATE settings SET value = value");
  other.exec("CREATE TABLE IF NOT EXISTS page_cache_probe (x)");
  other.close();
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
const serve = (request: Request, extra?: Record<string, string>) =>
  withPageCache(request, new URL(request.url), render(extra));
const post = (path: string) =>
  withPageCache(
    new Request(`http://localhost${path}`, { method: "POST" }),
    new URL(`http://localhost${path}`),
    async () => new Response(null, { status: 204 }),
  );

describe("anonymous home page cache", () => {
  test("only GET / without a session, toast or unknown parameter is cacheable", () => {
    const key = (path: string, headers?: Record<string, string>, method = "GET") =>
      pageCacheKey(new Request(`http://localhost${path}`, { method, headers }), new URL(`http://localhost${path}`));
    expect(key("/")).not.toBeNull();
    expect(key("/?days=5&hours=8&news=2")).not.toBeNull();
    expect(key("/", { Cookie: "lng=ImVuIg%3D%3D" })).not.toBeNull();
    expect(key("/", { Cookie: "cf_session=abc" })).toBeNull();
    expect(key("/", { Cookie: "lng=x; toast=y" })).toBeNull();
    expect(key("/?auth=login")).toBeNull();
    expect(key("/?ref=abc")).toBeNull();
    expect(key("/?lng=en")).toBeNull();
    expect(key("/dashboard")).toBeNull();
    expect(key("/", {}, "POST")).toBeNull();
    // The language is part of the key; its spelling in Accept-Language is not.
    expect(key("/", { "Accept-Language": "en-GB,en;q=0.9" })).toBe(key("/", { "Accept-Language": "en" }));
    expect(key("/", { "Accept-Language": "en" })).not.toBe(key("/", { "Accept-Language": "uk" }));
  });

  test("a hit is the same page with a fresh nonce in the body and the policy", async () => {
    invalidatePageCache();
    const first = await serve(get("/"));
    const firstBody = await first.text();
    const second = await serve(get("/"));
    const secondBody = await second.text();
    expect(secondBody).toContain("render 1");
    const nonce = /nonce="([^"]+)"/.exec(secondBody)![1]!;
    expect(nonce).not.toBe(/nonce="([^"]+)"/.exec(firstBody)![1]);
    expect(second.headers.get("Content-Security-Policy")).toBe(`script-src 'nonce-${nonce}'`);
  });

  test("a hit for a browser that accepts gzip is compressed, with its own nonce inside and in the policy", async () => {
    invalidatePageCache();
    const accept = { "Accept-Encoding": "br, gzip" };
    await (await serve(get("/?news=4", accept))).text();
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const hit = await serve(get("/?news=4", accept));
      expect(hit.headers.get("Content-Encoding")).toBe("gzip");
      expect(hit.headers.get("Vary")).toContain("Accept-Encoding");
      const html = gunzipSync(new Uint8Array(await hit.arrayBuffer())).toString("utf8");
      const nonce = /nonce="([^"]+)"/.exec(html)![1]!;
      expect(hit.headers.get("Content-Security-Policy")).toBe(`script-src 'nonce-${nonce}'`);
      expect(html).toBe(`<script nonce="${nonce}">render ${renders}</script>`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    // Without Accept-Encoding the same copy is sent as it is.
    const plain = await serve(get("/?news=4"));
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toContain(`render ${renders}`);
  });

  test("a write, another connection's commit or a Set-Cookie answer is not served from the copy", async () => {
    invalidatePageCache();
    const before = renders;
    await serve(get("/?days=3"));
    await serve(get("/?days=3"));
    expect(renders).toBe(before + 1);
    await post("/admin/news");
    await serve(get("/?days=3"));
    expect(renders).toBe(before + 2);
    // The page-view beacon writes on every visit and changes nothing the page shows.
    await post("/api/track/page-view");
    await serve(get("/?days=3"));
    expect(renders).toBe(before + 2);
    await commitOnAnotherConnection();
    await serve(get("/?days=3"));
    expect(renders).toBe(before + 3);
    await serve(get("/?days=4"), { "Set-Cookie": "x=1" });
    await serve(get("/?days=4"));
    expect(renders).toBe(before + 5);
  });
});

describe("one render at a time", () => {
  /** A render that waits until the test lets it finish, so that other visitors arrive meanwhile. */
  function heldRender() {
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const inner = render();
    return { finish, render: async () => (await held, inner()) };
  }
  const bodyOf = async (response: Response) => /render (\d+)/.exec(await response.text())?.[1];

  test("visitors who arrive while the copy is being made wait for it: one render, each with its own nonce", async () => {
    invalidatePageCache();
    const before = renders;
    const held = heldRender();
    const first = withPageCache(get("/?days=7"), new URL("http://localhost/?days=7"), held.render);
    const others = Array.from({ length: 5 }, () => serve(get("/?days=7")));
    held.finish();
    const answers = await Promise.all([first, ...others]);
    expect(renders).toBe(before + 1);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(bodies.map((b) => /render (\d+)/.exec(b)?.[1])).size).toBe(1);
    expect(new Set(bodies.map((b) => /nonce="([^"]+)"/.exec(b)?.[1])).size).toBe(6);
  });

  test("a copy that has only aged is served while one visitor makes the next", async () => {
    invalidatePageCache();
    const before = renders;
    await serve(get("/?days=8"));
    setSystemTime(new Date(Date.now() + 6_000));
    try {
      const held = heldRender();
      const refreshing = withPageCache(get("/?days=8"), new URL("http://localhost/?days=8"), held.render);
      // Meanwhile: the aged copy, at once, without another render.
      expect(await bodyOf(await serve(get("/?days=8")))).toBe(String(before + 1));
      held.finish();
      expect(await bodyOf(await refreshing)).toBe(String(before + 2));
      expect(await bodyOf(await serve(get("/?days=8")))).toBe(String(before + 2));
      expect(renders).toBe(before + 2);
    } finally {
      setSystemTime();
    }
  });

  test("after a write nobody waits for, or is served, a copy begun before it", async () => {
    invalidatePageCache();
    const before = renders;
    const held = heldRender();
    const stale = withPageCache(get("/?days=9"), new URL("http://localhost/?days=9"), held.render);
    await post("/admin/news");
    // Arrives after the write: renders for itself instead of waiting for the older render.
    expect(await bodyOf(await serve(get("/?days=9")))).toBe(String(before + 1));
    held.finish();
    expect(await bodyOf(await stale)).toBe(String(before + 2));
    // The older render was not kept: the next visitor gets the copy made after the write.
    expect(await bodyOf(await serve(get("/?days=9")))).toBe(String(before + 1));
  });

  test("a visitor who waited for a copy that a write made useless gets a prepared copy of their own", async () => {
    invalidatePageCache();
    const prepare = async (html: string) => `${html}<!--prepared-->`;
    const held = heldRender();
    const url = new URL("http://localhost/?days=10");
    const first = withPageCache(get("/?days=10"), url, held.render, prepare);
    const waiting = withPageCache(get("/?days=10"), url, render(), prepare);
    await post("/admin/news");
    held.finish();
    expect(await (await first).text()).toContain("<!--prepared-->");
    // Before: the raw render, which on the home page meant its scripts preloaded and its stylesheet blocking.
    expect(await (await waiting).text()).toContain("<!--prepared-->");
  });
});
