import { BODY_LIMITS } from "~/domain/rules";

/**
 * Whether a request declares a body larger than it may have (CONTRACT §4: 413). Checked before the
 * router, so an oversized body is refused with a translated message without being read.
 */
export function declaresTooLargeBody(request: Request) {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (!Number.isFinite(length) || length <= 0) return false;
  if (length > BODY_LIMITS.requestBytes) return true;
  const type = request.headers.get("Content-Type") ?? "";
  return !type.startsWith("multipart/form-data") && length > BODY_LIMITS.formBytes;
}
