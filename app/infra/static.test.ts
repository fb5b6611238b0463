import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createStaticHandler } from "./static.server";

const dir = mkdtempSync(path.join(tmpdir(), "static-"));
mkdirSync(path.join(dir, "assets"));
writeFileSync(path.join(dir, "assets", "app-abc12345.js"), "console.log(1)");
writeFileSync(path.join(dir, "assets", "app-abc12345.js.gz"), gzipSync("console.log(1)"));
writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
writeFileSync(path.join(path.dirname(dir), "secret.txt"), "nope");
const serve = createStaticHandler(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (p: string, headers: Record<string, string> = {}) => serve(new Request(`http://x${p}`, { headers }), p);

describe("static files", () => {
  test("fingerprinted assets are immutable and precompressed when accepted", async () => {
    const plain = get("/assets/app-abc12345.js")!;
    expect(plain.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe("console.log(1)");
    const gz = get("/assets/app-abc12345.js", { "Accept-Encoding": "gzip, br" })!;
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gz.headers.get("Vary")).toBe("Accept-Encoding");
  });

  test("other public files get a short cache; unknown paths fall through to the app", () => {
    expect(get("/favicon.svg")!.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(get("/dashboard")).toBeNull();
  });

  test("missing assets and path traversal are 404", () => {
    expect(get("/assets/missing.js")!.status).toBe(404);
    expect(get("/assets/../../secret.txt")!.status).toBe(404);
    expect(get("/assets/%2e%2e/%2e%2e/secret.txt")!.status).toBe(404);
    expect(get("/../secret.txt")).toBeNull();
  });

  test("writes are not served", () => {
    expect(serve(new Request("http://x/favicon.svg", { method: "POST" }), "/favicon.svg")).toBeNull();
  });
});
