import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIResponse } from "@playwright/test";
import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import skErrors from "../../locales/sk/errors.json";
import { createUser, sessionCookieHeader } from "../factories";
import { expect, test } from "./fixtures";

/**
 * Issue 7, criterion 7, against the real server: every page action and every /api endpoint gets
 * malformed JSON, wrong types, missing fields, a 10 MB string, control characters with mixed
 * scripts and an over-limit body; file URLs get path traversal; uploads get a renamed executable.
 * Each answer is 4xx with a message from the Slovak locale (the default language), never 500, and
 * no table gains or loses a row.
 */
type Auth = "visitor" | "user" | "admin";
type Target = { method: string; path: string; auth: Auth };

const targets: Target[] = [
  // JSON API (CONTRACT §4). Log-out is left out: it ignores its body by design and always succeeds.
  { method: "POST", path: "/api/auth/login", auth: "visitor" },
  { method: "POST", path: "/api/auth/register", auth: "visitor" },
  { method: "POST", path: "/api/auth/forgot-password", auth: "visitor" },
  { method: "POST", path: "/api/auth/reset-password", auth: "visitor" },
  { method: "POST", path: "/api/auth/resend-activation", auth: "visitor" },
  { method: "PUT", path: "/api/user/language", auth: "user" },
  { method: "POST", path: "/api/track/page-view", auth: "visitor" },
  { method: "POST", path: "/api/faq/ask", auth: "visitor" },
  // Page actions (forms of the auth dialog, the assistant, the dashboard, the admin area).
  { method: "POST", path: "/auth/login", auth: "visitor" },
  { method: "POST", path: "/auth/register", auth: "visitor" },
  { method: "POST", path: "/auth/forgot", auth: "visitor" },
  { method: "POST", path: "/auth/resend", auth: "visitor" },
  { method: "POST", path: "/reset-password/not-a-token", auth: "visitor" },
  { method: "POST", path: "/?index", auth: "visitor" },
  { method: "POST", path: "/dashboard?intent=apply", auth: "user" },
  { method: "POST", path: "/dashboard?intent=vehicle", auth: "user" },
  { method: "POST", path: "/dashboard?intent=report", auth: "user" },
  { method: "POST", path: "/dashboard?intent=nonsense", auth: "user" },
  { method: "POST", path: "/admin/users/1", auth: "admin" },
  { method: "POST", path: "/admin/news", auth: "admin" },
  { method: "POST", path: "/admin/news/new", auth: "admin" },
  { method: "POST", path: "/admin/vehicles/new", auth: "admin" },
  { method: "POST", path: "/admin/vehicles/1", auth: "admin" },
  { method: "POST", path: "/admin/applications/1", auth: "admin" },
  { method: "POST", path: "/admin/vehicle-requests", auth: "admin" },
  { method: "POST", path: "/admin/problem-reports", auth: "admin" },
  { method: "POST", path: "/admin/referrals", auth: "admin" },
];

const NASTY = "\u0000\u0007\u001b[31m\u202eevil\u200b Ｐаypal 你好 مرحبا 🚲 \ud800";
const fields = ["email", "password", "token", "language", "question", "path", "referrer", "intent", "id", "vehicleId", "role", "reason", "reply", "title", "name", "description", "fullName", "age", "phone", "contactMethod", "captchaToken"];

type Payload = { name: string; contentType: string; body: () => string | Buffer };
const payloads: Payload[] = [
  { name: "malformed JSON", contentType: "application/json", body: () => '{"email": "a@b.c", "password": ' },
  { name: "a JSON array", contentType: "application/json", body: () => "[1, 2, 3]" },
  { name: "wrong types", contentType: "application/json", body: () => JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, [i % 2 ? { nested: true } : 12345, null]]))) },
  { name: "missing fields (JSON)", contentType: "application/json", body: () => "{}" },
  { name: "missing fields (form)", contentType: "application/x-www-form-urlencoded", body: () => "" },
  { name: "control characters and mixed scripts", contentType: "application/x-www-form-urlencoded", body: () => new URLSearchParams(fields.map((f) => [f, NASTY])).toString() },
  { name: "a 10 MB string", contentType: "application/json", body: () => JSON.stringify({ email: "x".repeat(10 * 1024 * 1024), question: "q" }) },
  { name: "a body over the limit", contentType: "application/x-www-form-urlencoded", body: () => `email=${"y".repeat(2 * 1024 * 1024)}` },
  { name: "text that is no form", contentType: "text/plain", body: () => "hello" },
  { name: "broken multipart", contentType: "multipart/form-data; boundary=zzz", body: () => '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated' },
];

/** Every Slovak string of the locales, as the server might render it (HTML-escaped) — a message must be one of them. */
function slovakMessages() {
  const dir = path.resolve("locales/sk");
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") out.push(value.split("{{")[0]!.trim());
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const file of readdirSync(dir)) walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  return out.filter((s) => s.length >= 12);
}
const messages = slovakMessages();
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

async function expectTranslatedRefusal(res: APIResponse, label: string) {
  expect(res.status(), label).toBeGreaterThanOrEqual(400);
  expect(res.status(), label).toBeLessThan(500);
  const type = res.headers()["content-type"] ?? "";
  const text = await res.text();
  if (type.includes("application/json")) {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    expect(typeof error, label).toBe("string");
    expect(messages.some((m) => String(error).startsWith(m)), `${label}: "${String(error)}" is a Slovak message`).toBe(true);
  } else {
    expect(messages.some((m) => text.includes(m) || text.includes(escapeHtml(m))), `${label}: the page carries a Slovak message`).toBe(true);
  }
}

/** Row counts of every table but the rate-limit counters (which count attempts by design). */
function rowCounts() {
  const tables = db().all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != 'rate_limits'`);
  return Object.fromEntries(tables.map(({ name }) => [name, db().get<{ n: number }>(sql.raw(`select count(*) as n from "${name}"`))!.n]));
}

let cookies: Record<Auth, string>;
test.beforeAll(async () => {
  // Slovak accounts: a logged-in user's saved language decides the answer's language (CONTRACT §3).
  const user = await createUser({ status: "confirmed_account", language: "sk" });
  const admin = await createUser({ role: "admin", language: "sk" });
  cookies = { visitor: "", user: await sessionCookieHeader(user.id), admin: await sessionCookieHeader(admin.id) };
});

test.describe("bad input never reaches a 500 and changes nothing", () => {
  for (const target of targets) {
    test(`${target.method} ${target.path}`, async ({ request, baseURL }) => {
      const before = rowCounts();
      for (const payload of payloads) {
        const res = await request.fetch(target.path, {
          method: target.method,
          headers: { "Content-Type": payload.contentType, Origin: baseURL!, ...(cookies[target.auth] ? { Cookie: cookies[target.auth] } : {}) },
          data: payload.body(),
          maxRedirects: 0,
        });
        await expectTranslatedRefusal(res, `${target.method} ${target.path} with ${payload.name}`);
      }
      expect(rowCounts()).toEqual(before);
      // The sessions used are still good: nothing above logged anyone out.
      if (target.auth !== "visitor") expect((await request.get("/api/auth/me", { headers: { Cookie: cookies[target.auth] } })).status()).toBe(200);
    });
  }
});

test.describe("file URLs", () => {
  const paths = [
    "/files/..%2f..%2fapp.db",
    "/files/..%2F..%2F..%2Fetc%2Fpasswd",
    "/files/%2e%2e%2fsession-secret",
    "/files/..%5c..%5capp.db",
    "/files/1%00.jpg",
    "/files/-1",
    "/files/1e3",
    "/files/99999999999999999999999",
    "/media/..%2f..%2fapp.db",
    "/media/%2e%2e%2f%2e%2e%2fsession-secret",
    "/media/0x10",
  ];
  for (const p of paths) {
    test(`${p} is a translated 404 for the owner and the admin alike`, async ({ request }) => {
      for (const auth of ["user", "admin"] as const) {
        const res = await request.get(p, { headers: { Cookie: cookies[auth] }, maxRedirects: 0 });
        expect(res.status()).toBe(404);
        const body = await res.text();
        expect(body).not.toContain("SQLite format");
        expect(body).not.toContain("root:");
        expect(body).toBe(skErrors.notFound);
      }
    });
  }
});

test.describe("uploads", () => {
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(512)]);
  const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(512)]);

  test("an executable renamed to .jpg is refused as an identity document and as a report attachment", async ({ request }) => {
    const before = rowCounts();
    const uploadsDir = process.env.UPLOADS_DIR!;
    const filesBefore = (() => {
      try {
        return readdirSync(uploadsDir).length;
      } catch {
        return 0;
      }
    })();
    const res = await request.post("/dashboard?intent=apply", {
      headers: { Cookie: cookies.user },
      multipart: {
        fullName: "Test Courier",
        age: "30",
        phone: "0903 123 456",
        citizenship: "other",
        contactMethod: "phone",
        face_photo: { name: "face.jpg", mimeType: "image/jpeg", buffer: elf },
        id_front: { name: "id.png", mimeType: "image/png", buffer: exe },
        id_back: { name: "back.jpg", mimeType: "image/jpeg", buffer: exe },
        refugee_document: { name: "doc.jpg", mimeType: "image/jpeg", buffer: elf },
      },
      maxRedirects: 0,
    });
    await expectTranslatedRefusal(res, "renamed executable");
    expect(rowCounts()).toEqual(before);
    const filesAfter = (() => {
      try {
        return readdirSync(uploadsDir).length;
      } catch {
        return 0;
      }
    })();
    expect(filesAfter).toBe(filesBefore);
  });

  test("a body past the upload limit is refused with 413 before it is read", async ({ request }) => {
    const before = rowCounts();
    const res = await request.post("/dashboard?intent=apply", {
      headers: { Cookie: cookies.user },
      multipart: { fullName: "Test", face_photo: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(70 * 1024 * 1024) } },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(413);
    await expectTranslatedRefusal(res, "over the upload limit");
    expect(rowCounts()).toEqual(before);
  });
});
