import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /^(text\/html|text\/plain|text\/x-script|application\/json|application\/xml|image\/svg\+xml)/;
const MIN_BYTES = 1024;

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
  if (body.byteLength < MIN_BYTES) return new Response(body, { status: response.status, statusText: response.statusText, headers });
  // Brotli at quality 5 compresses about as fast as gzip and better; the highest levels are for build time.
  const compressed =
    encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }) : gzipSync(body, { level: 6 });
  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers });
}
