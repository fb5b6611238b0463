import { config } from "./config.server";

/** Headers every response carries (docs/security.md, "Headers"). */
export function applySecurityHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (config().production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

/**
 * The page policy: scripts only by nonce (and what they load), nothing framed, nothing posted elsewhere
 * (but the redirect of "Connect Telegram" to t.me when the bot is configured).
 */
export function contentSecurityPolicy(nonce: string) {
  const recaptcha = config().captcha.provider === "recaptcha";
  const google = recaptcha ? " https://www.google.com https://www.gstatic.com" : "";
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${google}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self'${google}`,
    "worker-src 'self' blob:",
    `frame-src ${recaptcha ? "https://www.google.com" : "'none'"}`,
    "frame-ancestors 'none'",
    // "Connect Telegram" posts to us and is redirected to the bot (https://t.me/<bot>?start=<code>).
    `form-action 'self'${config().telegram ? " https://t.me" : ""}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}
