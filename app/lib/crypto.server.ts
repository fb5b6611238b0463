import { createHash, randomBytes } from "node:crypto";

/** A URL-safe random token with 256 bits of entropy. */
export function randomToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}
