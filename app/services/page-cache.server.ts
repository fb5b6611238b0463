import { parseCookies } from "~/infra/cookies.server";
import { randomToken } from "~/infra/crypto.server";
import { dataVersion } from "~/infra/db.server";
import { gzipWithNonce, prepareNonceGzip, type NonceGzip } from "~/infra/nonce-gzip.server";
import { languageFromHeader } from "~/infra/i18n.server";

/**
 * A short-lived in-memory copy of the home page as anonymous visitors see it. Rendering it means
 * five content queries and a large React tree; under a burst of visitors the same HTML was rebuilt
 * hundreds of times a second. Only requests whose answer cannot depend on who asks are served from
 * here: GET `/`, no cookies but the language one, only the calculator's and news pager's parameters.
 *
 * Each answer still gets its own CSP nonce (the cached one is replaced). Browsers that accept gzip get
 * the copy compressed once when it was made, with their nonce joined in (`nonce-gzip.server.ts`), so a
 * compressed answer costs about what an uncompressed one does. A copy is dropped when it
 * is older than TTL_MS, after any request of this process that may write (not GET/HEAD; the page-view
 * beacon excepted), and when another connection has committed to the database (`PRAGMA data_version`),
 * so changes made by admins, scheduled jobs or other processes show at once or within TTL_MS.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 64;
const PATHS = new Set(["/"]);
const PARAMS = new Set(["days", "hours", "news"]);
const COOKIES = new Set(["lng"]);
const NONCE = /'nonce-([^']+)'/;

type Entry = {
  at: number;
  version: number;
  generation: number;
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  gzip: NonceGzip | null;
};
const entries = new Map<string, Entry>();
let generation = 0;

/** The cache key, or null when the answer may depend on the visitor. */
export function pageCacheKey(request: Request, url: URL): string | null {
  if (request.method !== "GET" || !PATHS.has(url.pathname)) return null;
  for (const name of url.searchParams.keys()) if (!PARAMS.has(name)) return null;
  const header = request.headers.get("Cookie");
  const cookies = parseCookies(header);
  for (const name of cookies.keys()) if (!COOKIES.has(name)) return null;
  // A cookie that does not even decode may still mean something to someone: no shared copy.
  if ((header ?? "").split(";").filter((part) => part.trim()).length !== cookies.size) return null;
  const lng = cookies.has("lng") ? `lng=${cookies.get("lng")}` : "";
  // The language is all the Accept-Language header decides.
  return `${url.pathname}${url.search}|${lng}|${languageFromHeader(request.headers.get("Accept-Language")) ?? ""}`;
}

function fromEntry(entry: Entry, request: Request): Response {
  const nonce = randomToken(16);
  const headers = new Headers(entry.headers.map(([k, v]): [string, string] => [k, v.replaceAll(entry.nonce, nonce)]));
  headers.append("Vary", "Accept-Encoding");
  const gzip = entry.gzip && request.method === "GET" && /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "") ? gzipWithNonce(entry.gzip, nonce) : null;
  if (gzip) {
    headers.set("Content-Encoding", "gzip");
    return new Response(gzip, { status: entry.status, headers });
  }
  return new Response(entry.body.replaceAll(entry.nonce, nonce), { status: entry.status, headers });
}

/** Drops every copy; server.ts calls it after requests that may have changed data. */
export function invalidatePageCache() {
  generation++;
  entries.clear();
}

/** Serves `request` from the cache when it may, else renders it and keeps a copy when that is safe. */
export async function withPageCache(
  request: Request,
  url: URL,
  render: () => Promise<Response>,
  /** Turns the rendered HTML into the copy every visitor gets (the critical CSS inlined). */
  prepareCopy: (html: string) => Promise<string> = async (html) => html,
): Promise<Response> {
  const key = pageCacheKey(request, url);
  if (key === null) {
    const response = await render();
    if (request.method !== "GET" && request.method !== "HEAD" && url.pathname !== "/api/track/page-view") invalidatePageCache();
    return response;
  }
  const version = dataVersion();
  const hit = entries.get(key);
  if (hit && hit.version === version && hit.generation === generation && Date.now() - hit.at < TTL_MS) return fromEntry(hit, request);
  const started = generation;
  const response = await render();
  const nonce = NONCE.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  if (response.status !== 200 || response.headers.has("Set-Cookie") || !nonce) return response;
  const body = await prepareCopy(await response.text());
  if (started === generation) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
    entries.set(key, { at: Date.now(), version, generation, status: response.status, headers, body, nonce, gzip: prepareNonceGzip(body, nonce) });
  }
  return new Response(body, { status: response.status, headers: response.headers });
}
