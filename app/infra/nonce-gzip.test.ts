import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { randomToken } from "./crypto.server";
import { gzipWithNonce, prepareNonceGzip } from "./nonce-gzip.server";

/** A page like ours: the nonce many times, repeated markup around it, text in three languages. */
function page(nonce: string) {
  const rows = Array.from(
    { length: 300 },
    (_, i) => `<li class="item">Kuriér ${i} — кур'єр ${i} — courier ${i}</li>`,
  ).join("");
  const scripts = Array.from(
    { length: 12 },
    (_, i) => `<script nonce="${nonce}">window.__chunk${i}=${JSON.stringify(rows.slice(i * 50, i * 50 + 80))}</script>`,
  ).join("\n");
  return `<!DOCTYPE html><html><head><script nonce="${nonce}">globalThis.x=1</script></head><body><ul>${rows}</ul>${scripts}<link rel="modulepreload" nonce="${nonce}"/></body></html>`;
}

describe("a page compressed once, a new nonce in every answer", () => {
  test("decodes (CRC and length checked by gunzip) to the page with the new nonce, each time", () => {
    const first = randomToken(16);
    const html = page(first);
    const prepared = prepareNonceGzip(html, first)!;
    expect(prepared.pieces.length).toBe(15);
    for (let i = 0; i < 20; i++) {
      const nonce = randomToken(16);
      const body = gzipWithNonce(prepared, nonce)!;
      const decoded = gunzipSync(body).toString("utf8");
      expect(decoded).toBe(html.replaceAll(first, nonce));
      expect(decoded).not.toContain(first);
    }
  });

  test("costs little over compressing the whole page at once", () => {
    const nonce = randomToken(16);
    const html = page(nonce);
    const body = gzipWithNonce(prepareNonceGzip(html, nonce)!, randomToken(16))!;
    expect(body.byteLength).toBeLessThan(Bun.gzipSync(html, { level: 9 }).byteLength * 1.25);
  });

  test("a page that ends with the nonce or holds NUL, and a nonce of another length", () => {
    const nonce = randomToken(16);
    const ends = `<a nonce="x">${nonce}`;
    const next = randomToken(16);
    expect(gunzipSync(gzipWithNonce(prepareNonceGzip(ends, nonce)!, next)!).toString()).toBe(`<a nonce="x">${next}`);
    expect(prepareNonceGzip(`a\u0000${nonce}`, nonce)).toBeNull();
    expect(gzipWithNonce(prepareNonceGzip(ends, nonce)!, "short")).toBeNull();
  });
});
