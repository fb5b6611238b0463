import { BODY_LIMITS, UPLOAD_LIMITS } from "~/domain/rules";
import { findSessionUser } from "~/models/sessions.server";
import type { SessionUser } from "~/domain/user";
import { readSessionId } from "./session.server";

/**
 * How many body bytes a request may send, decided before anything reads it (413, docs/api.md).
 * Every body is small (BODY_LIMITS.formBytes) except multipart posts to the upload forms from a
 * session that may use them; those get BODY_LIMITS.uploadBytes, and parseUploadForm then applies
 * the per-form and per-file limits. The bound is on the bytes actually read (`limitBody`), so a
 * chunked body without Content-Length cannot grow past it either.
 */
const UPLOAD_ROUTES: {
  path: RegExp;
  mayUpload: (user: SessionUser) => boolean;
  limit?: number;
  /** The page that explains a body over the limit to a browser without JS (instead of a JSON 413). */
  tooLargePage?: string;
}[] = [
  // The courier's job application, problem report and new right-to-stay document.
  { path: /^\/dashboard\/(apply|report|document-renewal)\/?$/, mayUpload: () => true },
  // A page opened before those forms moved posts to `/dashboard?intent=…`, answered with a 307 to them.
  { path: /^\/dashboard\/?$/, mayUpload: () => true },
  // One identity document at a time, sent as soon as it is chosen (with JS).
  { path: /^\/dashboard\/documents\/?$/, mayUpload: () => true },
  // The admin's vehicle and news forms, and a vehicle's handover (photos of each side).
  { path: /^\/admin\/(vehicles|news)\/(new|\d+)\/?$/, mayUpload: (user) => user.role === "admin" },
  { path: /^\/admin\/vehicles\/\d+\/handover\/?$/, mayUpload: (user) => user.role === "admin" },
  // A platform's weekly earnings file: one CSV of up to 10 MB.
  {
    path: /^\/admin\/payouts\/import\/?$/,
    mayUpload: (user) => user.role === "admin",
    limit: UPLOAD_LIMITS.csvBytes + 1024 * 1024,
    tooLargePage: "/admin/payouts/import?refused=tooLarge",
  },
];

function uploadRoute(request: Request, url: URL) {
  if (request.method !== "POST" || !(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return null;
  // A `.data` URL is the same action posted by the browser's router.
  const pathname = url.pathname.replace(/\.data$/, "");
  const route = UPLOAD_ROUTES.find((r) => r.path.test(pathname));
  return route ?? null;
}

/**
 * Where a form posted without JS (a document request, not the router's `.data` fetch) is sent back when its
 * body is over the limit, for the routes that have such a page; null for the others (they get the JSON 413).
 */
export function tooLargePageFor(request: Request, url: URL): string | null {
  if (url.pathname.endsWith(".data")) return null;
  return uploadRoute(request, url)?.tooLargePage ?? null;
}

export async function bodyLimitFor(request: Request, url: URL): Promise<number> {
  const route = uploadRoute(request, url);
  if (!route) return BODY_LIMITS.formBytes;
  const id = await readSessionId(request);
  const session = id ? await findSessionUser(id) : null;
  return session && route.mayUpload(session.user) ? (route.limit ?? BODY_LIMITS.uploadBytes) : BODY_LIMITS.formBytes;
}

/** Whether the declared Content-Length alone is over the limit: refused without reading a byte. */
export function declaresMoreThan(request: Request, limit: number) {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  return Number.isFinite(length) && length > limit;
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`);
  }
}

/**
 * The request with its body passed through a counter that errors the stream once more than
 * `limit` bytes arrive, so whoever reads it (request.json(), formData(), the multipart parser)
 * fails at that point instead of buffering the rest. `exceeded()` tells the server to answer 413
 * whatever the route made of the error.
 */
export function limitBody(request: Request, limit: number): { request: Request; exceeded: () => boolean } {
  if (!request.body) return { request, exceeded: () => false };
  let seen = 0;
  let exceeded = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          exceeded = true;
          controller.error(new BodyTooLargeError(limit));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return { request: new Request(request, { body: counted, duplex: "half" } as RequestInit), exceeded: () => exceeded };
}
