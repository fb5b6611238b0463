import { beforeAll, describe, expect } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { databaseEngine } from "~/infra/db.server";
import { createReferralLink } from "~/models/referrals.server";
import skErrors from "../../locales/sk/errors.json";
import { createUser, sessionCookieHeader } from "../factories";
import { multipart, preparePipeline, send, test } from "../pipeline-harness";
import { rawSql } from "../raw-sql";

beforeAll(preparePipeline, 120_000);

/**
 * Through the whole request pipeline: every page action and every /api endpoint
 * gets malformed JSON, wrong types, missing fields, a 10 MB string, control characters with mixed
 * scripts and an over-limit body; file URLs get path traversal; uploads get a renamed executable.
 * Each answer is 4xx with a message from the Slovak locale (the default language), never 500, and
 * no table gains or loses a row.
 */
type Auth = "visitor" | "user" | "admin";
/** `unread`: the route refuses before it reads any body. */
type Target = { method: string; path: string; auth: Auth; unread?: boolean };

const targets: Target[] = [
  // JSON API (docs/api.md). Log-out is left out: it ignores its body by design and always succeeds.
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
  { method: "POST", path: "/dashboard/apply", auth: "user" },
  { method: "POST", path: "/dashboard/vehicle-request", auth: "user" },
  { method: "POST", path: "/dashboard/report", auth: "user" },
  { method: "POST", path: "/dashboard", auth: "user", unread: true },
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
const fields = [
  "email",
  "password",
  "token",
  "language",
  "question",
  "path",
  "referrer",
  "intent",
  "id",
  "vehicleId",
  "role",
  "reason",
  "reply",
  "title",
  "name",
  "description",
  "fullName",
  "age",
  "phone",
  "contactMethod",
  "captchaToken",
];

/**
 * A payload is sent as is (with Content-Length), or `chunked` without a length, or with extra
 * cookies next to the target's own. `tooLarge`: past the small body limit, so 413 is the answer
 * wherever the body is not an upload by someone who may upload.
 */
type Payload = {
  name: string;
  contentType: string;
  body: () => string | Buffer;
  chunked?: boolean;
  tooLarge?: boolean;
  cookie?: string;
};
const payloads: Payload[] = [
  { name: "malformed JSON", contentType: "application/json", body: () => '{"email": "a@b.c", "password": ' },
  { name: "a JSON array", contentType: "application/json", body: () => "[1, 2, 3]" },
  {
    name: "wrong types",
    contentType: "application/json",
    body: () => JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, [i % 2 ? { nested: true } : 12345, null]]))),
  },
  { name: "missing fields (JSON)", contentType: "application/json", body: () => "{}" },
  { name: "missing fields (form)", contentType: "application/x-www-form-urlencoded", body: () => "" },
  {
    name: "control characters and mixed scripts",
    contentType: "application/x-www-form-urlencoded",
    body: () => new URLSearchParams(fields.map((f) => [f, NASTY])).toString(),
  },
  {
    name: "a 10 MB string",
    contentType: "application/json",
    body: () => JSON.stringify({ email: "x".repeat(10 * 1024 * 1024), question: "q" }),
  },
  {
    name: "a body over the limit",
    contentType: "application/x-www-form-urlencoded",
    body: () => `email=${"y".repeat(2 * 1024 * 1024)}`,
  },
  { name: "text that is no form", contentType: "text/plain", body: () => "hello" },
  {
    name: "broken multipart",
    contentType: "multipart/form-data; boundary=zzz",
    body: () => '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated',
  },
  {
    name: "a chunked JSON body over the limit",
    contentType: "application/json",
    body: () => `{"email":"${"z".repeat(3 * 1024 * 1024)}"}`,
    chunked: true,
    tooLarge: true,
  },
  {
    name: "a chunked multipart body over the limit",
    contentType: "multipart/form-data; boundary=zzz",
    body: () =>
      `--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\n${"z".repeat(3 * 1024 * 1024)}\r\n--zzz--\r\n`,
    chunked: true,
    tooLarge: true,
  },
  {
    name: "more than 1,000 multipart parts",
    contentType: "multipart/form-data; boundary=zzz",
    body: () =>
      `${Array.from({ length: 1_100 }, (_, i) => `--zzz\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join("")}--zzz--\r\n`,
  },
  {
    name: "cookies that do not decode",
    contentType: "application/x-www-form-urlencoded",
    body: () => "email=a%40b.c",
    cookie: "cf_ref=%ZZ; lng=%ZZ; cf_session=%E0%A4%A",
  },
];

/** Each payload's bytes are made once: the 10 MB and 3 MB ones would otherwise be rebuilt for every target. */
const bodies = new Map<Payload, string | Buffer>();
function bodyOf(payload: Payload) {
  let body = bodies.get(payload);
  if (body === undefined) bodies.set(payload, (body = payload.body()));
  return body;
}

/**
 * Where an over-limit body must be cut off with 413: wherever it is read (page actions read forms,
 * not JSON; the API reads both), except the upload forms posted by someone allowed to upload.
 */
function cutOff(target: Target, payload: Payload) {
  if (target.unread) return false;
  const multipart = payload.contentType.startsWith("multipart/");
  const upload =
    (target.auth === "user" && /^\/dashboard\/(apply|report)$/.test(target.path)) ||
    (target.auth === "admin" && /^\/admin\/(vehicles|news)\/(new|\d+)$/.test(target.path));
  if (multipart) return !upload;
  return target.path.startsWith("/api/");
}

/** A body without Content-Length, in 64 KB chunks as a client streaming it would send it. */
function chunked(body: string | Buffer) {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 64 * 1024)));
      offset += 64 * 1024;
    },
  });
}

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
const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

async function expectTranslatedRefusal(res: Response, label: string) {
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  if (type.includes("application/json")) {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    expect(typeof error, label).toBe("string");
    expect(
      messages.some((m) => String(error).startsWith(m)),
      `${label}: "${String(error)}" is a Slovak message`,
    ).toBe(true);
  } else {
    expect(
      messages.some((m) => text.includes(m) || text.includes(escapeHtml(m))),
      `${label}: the page carries a Slovak message`,
    ).toBe(true);
  }
}

/** Row counts of every table but the rate-limit counters (which count attempts by design). */
async function rowCounts() {
  const tables = await rawSql<{ name: string }>(
    databaseEngine() === "postgres"
      ? "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name != 'rate_limits'"
      : "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name != 'rate_limits'",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = Number((await rawSql<{ n: number }>(`select count(*) as n from "${name}"`))[0]!.n);
  return counts;
}

let cookies: Record<Auth, string>;
beforeAll(async () => {
  // Slovak accounts: a logged-in user's saved language decides the answer's language (docs/api.md).
  const user = await createUser({ status: "confirmed_account", language: "sk" });
  const admin = await createUser({ role: "admin", language: "sk" });
  cookies = { visitor: "", user: await sessionCookieHeader(user.id), admin: await sessionCookieHeader(admin.id) };
});

describe("bad input never reaches a 500 and changes nothing", () => {
  for (const target of targets) {
    test(`${target.method} ${target.path}`, async () => {
      const before = await rowCounts();
      for (const payload of payloads) {
        const cookie = [cookies[target.auth], payload.cookie].filter(Boolean).join("; ");
        const label = `${target.method} ${target.path} with ${payload.name}`;
        const body = bodyOf(payload);
        const res = await send(target.path, {
          method: target.method,
          sameOrigin: true,
          cookie: cookie || undefined,
          headers: { "Content-Type": payload.contentType },
          body: payload.chunked ? chunked(body) : typeof body === "string" ? body : new Uint8Array(body),
        });
        await expectTranslatedRefusal(res, label);
        if (payload.tooLarge && cutOff(target, payload))
          expect(res.status, `${label}: cut off at the small limit`).toBe(413);
      }
      expect(await rowCounts()).toEqual(before);
      // The sessions used are still good: nothing above logged anyone out.
      if (target.auth !== "visitor")
        expect((await send("/api/auth/me", { cookie: cookies[target.auth] })).status).toBe(200);
    });
  }
});

describe("cookies that do not decode", () => {
  let code = "";
  beforeAll(async () => {
    const admin = await createUser({ role: "admin" });
    code = (await createReferralLink(admin.id, "Bad cookie test")).code;
  });
  for (const page of ["/", "/auth/login", "/dashboard", "/admin/users"]) {
    test(`GET ${page}?ref=<valid code> with cf_ref=%ZZ is no 500`, async () => {
      for (const auth of ["visitor", "user", "admin"] as const) {
        const cookie = ["cf_ref=%ZZ; lng=%ZZ", cookies[auth]].filter(Boolean).join("; ");
        const res = await send(`${page}?ref=${code}`, { cookie });
        expect(res.status, `${page} as ${auth}`).toBeLessThan(500);
      }
    });
  }
  test("the referral beacon with a broken cf_ref cookie counts the click", async () => {
    const res = await send(`/api/referrals/track/${code}`, { cookie: "cf_ref=%ZZ" });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toContain(`cf_ref=${code}`);
  });
});

describe("bodies are bounded by the bytes read", () => {
  test("a 100 MB chunked body from a visitor is refused with 413 after about a megabyte", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 100 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await send("/api/auth/login", {
      method: "POST",
      sameOrigin: true,
      headers: { "Content-Type": "application/json" },
      body: stream,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBe(skErrors.tooLarge);
    // The answer came long before the client had sent the whole body.
    expect(sent).toBeLessThan(30 * 1024 * 1024);
  });
});

describe("file URLs", () => {
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
    // A NUL in the path is refused by the text rule (400) before any route looks for the file.
    const refused = p.includes("%00");
    test(`${p} is a translated ${refused ? 400 : 404} for the owner and the admin alike`, async () => {
      for (const auth of ["user", "admin"] as const) {
        const res = await send(p, { cookie: cookies[auth] });
        expect(res.status).toBe(refused ? 400 : 404);
        const body = await res.text();
        expect(body).not.toContain("SQLite format");
        expect(body).not.toContain("root:");
        if (refused) expect(body).toContain(skErrors.invalidCharacters);
        else expect(body).toBe(skErrors.notFound);
      }
    });
  }
});

describe("uploads", () => {
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(512)]);
  const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(512)]);

  test("an executable renamed to .jpg is refused as an identity document and as a report attachment", async () => {
    const before = await rowCounts();
    const uploadsDir = process.env.UPLOADS_DIR!;
    const filesBefore = (() => {
      try {
        return readdirSync(uploadsDir).length;
      } catch {
        return 0;
      }
    })();
    const form = await multipart({
      fullName: "Test Courier",
      age: "30",
      phone: "0903 123 456",
      citizenship: "other",
      contactMethod: "phone",
      face_photo: new File([elf], "face.jpg", { type: "image/jpeg" }),
      id_front: new File([exe], "id.png", { type: "image/png" }),
      id_back: new File([exe], "back.jpg", { type: "image/jpeg" }),
      refugee_document: new File([elf], "doc.jpg", { type: "image/jpeg" }),
    });
    const res = await send("/dashboard/apply", {
      sameOrigin: true,
      cookie: cookies.user,
      headers: { "Content-Type": form.contentType },
      body: form.body,
    });
    await expectTranslatedRefusal(res, "renamed executable");
    expect(await rowCounts()).toEqual(before);
    const filesAfter = (() => {
      try {
        return readdirSync(uploadsDir).length;
      } catch {
        return 0;
      }
    })();
    expect(filesAfter).toBe(filesBefore);
  });

  test("a body past the upload limit is refused with 413 before it is read", async () => {
    const before = await rowCounts();
    const form = await multipart({
      fullName: "Test",
      face_photo: new File([Buffer.alloc(70 * 1024 * 1024)], "big.jpg", { type: "image/jpeg" }),
    });
    const res = await send("/dashboard/apply", {
      sameOrigin: true,
      cookie: cookies.user,
      headers: { "Content-Type": form.contentType },
      body: form.body,
    });
    expect(res.status).toBe(413);
    await expectTranslatedRefusal(res, "over the upload limit");
    expect(await rowCounts()).toEqual(before);
  });
});
