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
  if (!isAnonymous(request)) return null;
  const cookies = parseCookies(request.headers.get("Cookie"));
  const lng = cookies.has("lng") ? `lng=${cookies.get("lng")}` : "";
  // The language is all the Accept-Language header decides.
  return `${url.pathname}${url.search}|${lng}|${languageFromHeader(request.headers.get("Accept-Language")) ?? ""}`;
}

/** No cookie but the language one: nothing in the request can make the answer personal. */
export function isAnonymous(request: Request): boolean {
  const header = request.headers.get("Cookie");
  const cookies = parseCookies(header);
  for (const name of cookies.keys()) if (!COOKIES.has(name)) return false;
  // A cookie that does not even decode may still mean something to someone: not anonymous.
  return (header ?? "").split(";").filter((part) => part.trim()).length === cookies.size;
}

function fromEntry(entry: Entry, request: Request): Response {
  const nonce = randomToken(16);
  const headers = new Headers(entry.headers.map(([k, v]): [string, string] => [k, v.replaceAll(entry.nonce, nonce)]));
  headers.append("Vary", "Accept-Encoding");
  const gzip =
    entry.gzip && request.method === "GET" && /\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")
      ? gzipWithNonce(entry.gzip, nonce)
      : null;
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

type Pending = { version: number; generation: number; entry: Promise<Entry | null> };
// The copy being made per key: visitors who arrive meanwhile wait for it instead of rendering too.
const pending = new Map<string, Pending>();

/**
 * Serves `request` from the cache when it may, else renders it and keeps a copy when that is safe.
 * One render per key at a time: when a copy is missing, the visitors who arrive while it is being made
 * wait for it; when a copy has only aged past TTL_MS (no write since), they get that copy meanwhile.
 * Without this every connection of a burst rendered the page (and inlined its critical CSS) at once
 * each time the copy expired: 50 connections made the home page's p99 a second.
 */
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
    if (request.method !== "GET" && request.method !== "HEAD" && url.pathname !== "/api/track/page-view")
      invalidatePageCache();
    return response;
  }
  const version = dataVersion();
  const hit = entries.get(key);
  const current = hit !== undefined && hit.version === version && hit.generation === generation;
  if (current && Date.now() - hit.at < TTL_MS) return fromEntry(hit, request);
  const making = pending.get(key);
  if (making && making.version === version && making.generation === generation) {
    if (current) return fromEntry(hit, request);
    const entry = await making.entry;
    if (entry) return fromEntry(entry, request);
    // That copy was not kept (a write came while it was made): this visitor's own, prepared the same way.
    return (await preparedRender(render, prepareCopy)).response;
  }
  let settle: (entry: Entry | null) => void = () => {};
  const mine: Pending = { version, generation, entry: new Promise((resolve) => (settle = resolve)) };
  pending.set(key, mine);
  try {
    const { response, entry } = await renderCopy(key, version, render, prepareCopy);
    settle(entry);
    return response;
  } catch (error) {
    settle(null);
    throw error;
  } finally {
    if (pending.get(key) === mine) pending.delete(key);
  }
}

async function renderCopy(
  key: string,
  version: number,
  render: () => Promise<Response>,
  prepareCopy: (html: string) => Promise<string>,
) {
  const started = generation;
  const { response, copy } = await preparedRender(render, prepareCopy);
  if (!copy) return { response, entry: null };
  const { body, nonce } = copy;
  let entry: Entry | null = null;
  if (started === generation) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
    entry = {
      at: Date.now(),
      version,
      generation,
      status: response.status,
      headers,
      body,
      nonce,
      gzip: prepareNonceGzip(body, nonce),
    };
    entries.set(key, entry);
  }
  return { response, entry };
}

/** A render made into the copy anonymous visitors get; an answer that may not be shared is left as it is. */
async function preparedRender(render: () => Promise<Response>, prepareCopy: (html: string) => Promise<string>) {
  const rendered = await render();
  const nonce = NONCE.exec(rendered.headers.get("Content-Security-Policy") ?? "")?.[1];
  if (rendered.status !== 200 || rendered.headers.has("Set-Cookie") || !nonce)
    return { response: rendered, copy: null };
  const body = await prepareCopy(await rendered.text());
  const response = new Response(body, { status: rendered.status, headers: rendered.headers });
  return { response, copy: { body, nonce } };
}
