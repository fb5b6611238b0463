import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { config } from "./config.server";

/** A URL-safe random token with 256 bits of entropy. */
export function randomToken(bytes = 32) {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string) {
  return createHash("sha256").update(value).digest("hex");
}

function sealingKey(purpose: string) {
  return createHash("sha256").update(`${purpose}:${config().sessionSecret}`).digest();
}

/**
 * Encrypts a value that must be read back (unlike a password, a TOTP secret is needed in the clear)
 * with AES-256-GCM under a key derived from SESSION_SECRET, so a copy of the database alone is not enough.
 */
export function seal(plain: string, purpose: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
}

/** The value sealed by `seal`; null when it was sealed under another SESSION_SECRET or altered. */
export function unseal(sealed: string, purpose: string): string | null {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealingKey(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
