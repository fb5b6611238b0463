/**
 * What a browser hands over when it subscribes to Web Push (PushSubscription.toJSON()), checked before it is
 * stored: an https endpoint of a push service and the two keys of RFC 8291. Pure, shared by the route and tests.
 */
import { z } from "zod";

/** How many bytes a URL-safe base64 string holds (browsers omit the padding). */
function decodedLength(value: string) {
  const bare = value.replace(/=+$/, "");
  return bare.length % 4 === 1 ? -1 : Math.floor((bare.length * 3) / 4);
}

/** A URL-safe base64 string of exactly `bytes` bytes. */
function base64url(bytes: number) {
  return z
    .string({ error: "errors:invalidInput" })
    .max(200, "errors:invalidInput")
    .regex(/^[A-Za-z0-9_-]+=*$/, "errors:invalidInput")
    .refine((value) => decodedLength(value) === bytes, "errors:invalidInput");
}

/** `allowLocalHttp`: the tests' own push service on http://127.0.0.1 (PUSH_ALLOW_LOCAL_HTTP, never in production). */
export function pushSubscriptionSchema(allowLocalHttp: boolean) {
  return z.object({
    endpoint: z
      .string({ error: "errors:invalidInput" })
      .max(1024, "errors:invalidInput")
      .refine((value) => {
        try {
          const url = new URL(value);
          return (
            url.protocol === "https:" || (allowLocalHttp && url.protocol === "http:" && url.hostname === "127.0.0.1")
          );
        } catch {
          return false;
        }
      }, "errors:invalidInput"),
    keys: z.object(
      {
        /** The browser's P-256 public key, uncompressed (65 bytes). */
        p256dh: base64url(65),
        /** The shared authentication secret (16 bytes). */
        auth: base64url(16),
      },
      { error: "errors:invalidInput" },
    ),
  });
}

export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionSchema>>;

export const pushEndpointSchema = z.object({
  endpoint: z.string({ error: "errors:invalidInput" }).min(1, "errors:invalidInput").max(1024, "errors:invalidInput"),
});

/** "Chrome on Android": enough for the courier to tell their phones apart, nothing more of the User-Agent. */
export function deviceLabel(userAgent: string | null) {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /OPR\//.test(ua)
          ? "Opera"
          : /Chrome\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return system ? `${browser} · ${system}` : browser;
}
