import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /^(text\/html|text\/plain|text\/x-script|application\/json|application\/xml|image\/svg\+xml)/;
const MIN_BYTES = 1024;
/**
 * Chosen by measurement on our own pages (docs/performance-log.md, "Compression level"; docs/performance.md, "Request cost"): brotli 3 takes
 * about half the CPU of brotli 4 (a simpler match finder) for 5–6 % more bytes — 5.5 KB instead of
 * 5.2 KB for the 27 KB admin users page, far inside the first round trip's 14 KB; brotli 5 saves
 * another 6 % for five times the CPU. Gzip 3 is as small as gzip 6 within 6 % at a fraction of the
 * time. The highest levels are for build time (scripts/precompress.ts).
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 3;

/**
 * Compresses a dynamic answer (pages, `.data`, JSON) for clients that accept it: a 25 KB page is
 * about 6 KB on the wire, which is what a slow mobile network notices. Static assets are already
 * precompressed; downloads and files are left alone.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  if (request.method === "HEAD" || !response.body || response.headers.has("Content-Encoding")) return response;
  if (response.status < 200 || response.status === 204 || response.status === 304) return response;
  if (!COMPRESSIBLE.test(response.headers.get("Content-Type") ?? "")) return response;
  const accept = request.headers.get("Accept-Encoding") ?? "";
  const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
  if (!encoding) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  if (body.byteLength < MIN_BYTES)
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  const compressed =
    encoding === "br"
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : gzipSync(body, { level: GZIP_LEVEL });
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers });
}
