import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, parseConfig } from "./config.server";
import { vapidKeysIn } from "./vapid-keys.server";

const dir = mkdtempSync(path.join(tmpdir(), "vapid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("without VAPID_* one key pair is generated into the data folder, private to its owner, and kept", () => {
  const first = vapidKeysIn(dir);
  expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
  expect(vapidKeysIn(dir)).toEqual(first);
});

test("VAPID keys from the environment are set together and checked; the local http switch is refused in production", () => {
  const keys = vapidKeysIn(dir);
  expect(parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).push.keys).toEqual(keys);
  expect(parseConfig({}).push).toEqual({ keys: undefined, subject: undefined, allowLocalHttp: false });
  expect(() => parseConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
  expect(() => parseConfig({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
    /VAPID_PUBLIC_KEY/,
  );
  expect(() => parseConfig({ VAPID_SUBJECT: "admin@example.com" })).toThrow(/VAPID_SUBJECT/);
  expect(parseConfig({ VAPID_SUBJECT: "mailto:fleet@example.sk" }).push.subject).toBe("mailto:fleet@example.sk");
  const production = { SESSION_SECRET: "s".repeat(40), SMTP_URL: "smtp://mail.internal:587" };
  expect(() => parseConfig({ ...production, PUSH_ALLOW_LOCAL_HTTP: "1" }, true)).toThrow(/PUSH_ALLOW_LOCAL_HTTP/);
});
