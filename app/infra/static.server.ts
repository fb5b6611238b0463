import { existsSync, statSync } from "node:fs";
import path from "node:path";

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT = "public, max-age=3600";

/**
 * Serves files of the client build. Fingerprinted `/assets/*` are immutable; anything else gets a
 * short cache. Precompressed variants are chosen by Accept-Encoding. Returns null when no file matches.
 */
export function createStaticHandler(clientDir: string) {
  const root = path.resolve(clientDir);
  const cache = new Map<string, { file: string; type: string; br: boolean; gz: boolean } | null>();

  function lookup(pathname: string) {
    let hit = cache.get(pathname);
    if (hit !== undefined) return hit;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const file = path.resolve(root, `.${decoded}`);
    // Path traversal: the resolved file must stay inside the client folder.
    if (!file.startsWith(root + path.sep) || decoded.includes("\0")) hit = null;
    else if (!existsSync(file) || !statSync(file).isFile()) hit = null;
    else hit = { file, type: Bun.file(file).type, br: existsSync(`${file}.br`), gz: existsSync(`${file}.gz`) };
    if (cache.size < 5000) cache.set(pathname, hit);
    return hit;
  }

  return function serveStatic(request: Request, pathname: string): Response | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    const isAsset = pathname.startsWith("/assets/");
    const hit = lookup(pathname);
    if (!hit)
      return isAsset ? new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } }) : null;
    const accept = request.headers.get("Accept-Encoding") ?? "";
    const headers = new Headers({
      "Cache-Control": isAsset ? IMMUTABLE : SHORT,
      Vary: "Accept-Encoding",
      "Content-Type": hit.type,
    });
    let file = hit.file;
    if (hit.br && /\bbr\b/.test(accept)) {
      file = `${hit.file}.br`;
      headers.set("Content-Encoding", "br");
    } else if (hit.gz && /\bgzip\b/.test(accept)) {
      file = `${hit.file}.gz`;
      headers.set("Content-Encoding", "gzip");
    }
    return new Response(request.method === "HEAD" ? null : Bun.file(file), { headers });
  };
}
