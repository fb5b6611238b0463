import { describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compressResponse } from "./compress.server";

const page = "<!DOCTYPE html><html><body>" + "<p>Doručujte s nami</p>".repeat(200) + "</body></html>";
const req = (encoding: string, method = "GET") =>
  new Request("http://x/", { method, headers: { "Accept-Encoding": encoding } });
const html = (body = page, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("compression of dynamic answers", () => {
  test("brotli when accepted, else gzip; the content survives the round trip", async () => {
    const br = await compressResponse(req("gzip, deflate, br"), html());
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toContain("Accept-Encoding");
    const brBytes = new Uint8Array(await br.arrayBuffer());
    expect(brBytes.byteLength).toBeLessThan(page.length / 4);
    expect(brotliDecompressSync(brBytes).toString()).toBe(page);
    const gz = await compressResponse(req("gzip"), html());
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer())).toString()).toBe(page);
  });

  test("left alone: no accepted encoding, tiny bodies, downloads, already encoded, HEAD", async () => {
    expect((await compressResponse(req(""), html())).headers.get("Content-Encoding")).toBeNull();
    expect((await compressResponse(req("br"), html("<p>hi</p>"))).headers.get("Content-Encoding")).toBeNull();
    const tar = new Response(page, { headers: { "Content-Type": "application/gzip" } });
    expect((await compressResponse(req("br"), tar)).headers.get("Content-Encoding")).toBeNull();
    const encoded = html(page, { "Content-Encoding": "gzip" });
    expect(await compressResponse(req("br"), encoded)).toBe(encoded);
    expect((await compressResponse(req("br", "HEAD"), html())).headers.get("Content-Encoding")).toBeNull();
  });

  test("status and headers are kept", async () => {
    const notFound = await compressResponse(
      req("br"),
      new Response(page, {
        status: 404,
        headers: { "Content-Type": "text/html", "Content-Security-Policy": "default-src 'self'" },
      }),
    );
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("Content-Security-Policy")).toBe("default-src 'self'");
  });
});
