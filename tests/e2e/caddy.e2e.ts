/**
 * The deployment of docs/deploy.md, for real: Debian's Caddy in front (deploy/Caddyfile, its internal CA
 * standing in for ACME on localhost) and the server from the build with NODE_ENV=production and
 * TRUST_PROXY=1. Through Caddy: cookies are Secure, HSTS is sent, the log-in limit counts the address
 * Caddy saw (not the X-Forwarded-For a client makes up), and an image at the upload limit goes through
 * while one byte more gets the server's translated refusal.
 */
import { Database } from "bun:sqlite";
import type { Subprocess } from "bun";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import { RATE_LIMITS, UPLOAD_LIMITS } from "~/domain/rules";
import enDashboard from "../../locales/en/dashboard.json";
import { startSmtpServer } from "../mail-capture";
import { jpegWithGps } from "../media-fixtures";
import { expect, test } from "./fixtures";

const caddy = Bun.which("caddy");
test.skip(!caddy, "Caddy is not installed (apt-get install -y caddy)");
test.describe.configure({ mode: "serial", timeout: 60_000 });

const spare = Number(process.env.E2E_SPARE_PORT ?? 3300);
const APP_PORT = spare + 5;
const HTTPS_PORT = spare + 6;
const SITE = `https://localhost:${HTTPS_PORT}`;
const root = path.resolve(import.meta.dirname, "../..");
const password = "Caddy-Courier-2026!";

let dir: string;
let app: Subprocess;
let proxy: Subprocess;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ca: string;

/** A request through Caddy, trusting only Caddy's own root certificate. */
function viaCaddy(pathname: string, init: RequestInit = {}) {
  return fetch(`${SITE}${pathname}`, { redirect: "manual", ...init, tls: { ca } } as RequestInit);
}

async function waitFor(what: string, ready: () => Promise<boolean>) {
  for (let i = 0; i < 150; i++) {
    if (await ready().catch(() => false)) return;
    await Bun.sleep(100);
  }
  throw new Error(`${what} did not start`);
}

async function captchaToken() {
  const challenge = (await (await viaCaddy("/api/captcha/challenge")).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return btoa(JSON.stringify({ ...challenge, number: solution!.number }));
}

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: SITE, ...headers },
  body: JSON.stringify(body),
});

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "courier-caddy-"));
  smtp = await startSmtpServer();
  const { NODE_ENV: _n, COURIER_OPERATOR_NODE_ENV: _o, TEST_CLOCK: _c, ...env } = process.env;
  app = Bun.spawn(["bun", "server.ts"], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: "production",
      TRUST_PROXY: "1",
      PORT: String(APP_PORT),
      HOST: "127.0.0.1",
      APP_URL: SITE,
      SESSION_SECRET: "caddy-journey-".repeat(4),
      SMTP_URL: smtp.url,
      CAPTCHA_PROVIDER: "altcha",
      DEMO_SEED: "0",
      DATA_DIR: dir,
      DATABASE_URL: `file:${dir}/app.db`,
      UPLOADS_DIR: `${dir}/uploads`,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  // The operator's site block, imported under options that keep Caddy off the network and the system.
  writeFileSync(
    path.join(dir, "Caddyfile"),
    `{
	skip_install_trust
	admin off
	local_certs
	storage file_system ${dir}/caddy
	http_port ${spare + 7}
	https_port ${HTTPS_PORT}
}
import ${root}/deploy/Caddyfile
`,
  );
  proxy = Bun.spawn([caddy!, "run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: dir,
      XDG_CONFIG_HOME: dir,
      COURIER_SITE: `localhost:${HTTPS_PORT}`,
      COURIER_UPSTREAM: `127.0.0.1:${APP_PORT}`,
    },
    stdout: "ignore",
    stderr: "ignore",
  });
  await waitFor("the server", async () => (await fetch(`http://127.0.0.1:${APP_PORT}/api/health`)).ok);
  const rootCert = path.join(dir, "caddy/pki/authorities/local/root.crt");
  await waitFor("Caddy", async () => {
    ca = readFileSync(rootCert, "utf8");
    return (await viaCaddy("/api/health")).ok;
  });
});

test.afterAll(async () => {
  proxy?.kill();
  app?.kill();
  await Promise.all([proxy?.exited, app?.exited]);
  await smtp?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every client starts unlimited again (all of this test's requests come from 127.0.0.1). */
function clearLimits() {
  const db = new Database(path.join(dir, "app.db"));
  db.run("delete from rate_limits");
  db.close();
}

/** Registers through Caddy, activates from the e-mail, logs in: the session cookie as Caddy passed it on. */
async function courierSession(email: string) {
  const before = smtp.inbox.length;
  const registered = await viaCaddy(
    "/api/auth/register",
    json({ email, password, language: "en", captchaToken: await captchaToken() }),
  );
  expect(registered.status, await registered.clone().text()).toBe(201);
  const link = new URL((await smtp.next(email, before)).links.find((l) => l.includes("/activate/"))!);
  expect(link.origin).toBe(SITE);
  expect((await viaCaddy(`/api/auth/activate/${link.pathname.split("/").pop()}`)).status).toBe(200);
  const login = await viaCaddy("/api/auth/login", json({ email, password, captchaToken: await captchaToken() }));
  expect(login.status, await login.clone().text()).toBe(200);
  return login.headers.getSetCookie();
}

test("through Caddy: HTTPS only, HSTS, every cookie Secure", async () => {
  const page = await viaCaddy("/?lng=en");
  expect(page.status).toBe(200);
  expect(page.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{7,}/);
  const language = page.headers.getSetCookie().find((c) => c.startsWith("lng="));
  expect(language).toMatch(/; Secure/i);

  const cookies = await courierSession("secure@example.com");
  const session = cookies.find((c) => c.startsWith("__Host-cf_session="));
  expect(session, cookies.join("\n")).toBeDefined();
  expect(session).toMatch(/; Secure/i);
  expect(session).toMatch(/; HttpOnly/i);
  for (const cookie of cookies) expect(cookie, cookie).toMatch(/; Secure/i);

  // Plain HTTP only redirects to HTTPS (to port 443: Caddy's redirect names no other port).
  const plain = await fetch(`http://localhost:${spare + 7}/`, { redirect: "manual" });
  expect(plain.status).toBe(308);
  expect(new URL(plain.headers.get("Location")!).protocol).toBe("https:");
});

test("the log-in limit counts the address Caddy saw, not one the client made up", async () => {
  clearLimits();
  const wrong = { email: "nobody@example.com", password: "Wrong-Pass-1!", captchaToken: "" };
  const attempt = (forwardedFor: string) =>
    viaCaddy("/api/auth/login?lng=en", json(wrong, { "X-Forwarded-For": forwardedFor })).then((res) => res.status);
  const statuses: number[] = [];
  // Each attempt claims another client; Caddy overwrites the claim with 127.0.0.1.
  for (let i = 0; i < RATE_LIMITS.loginIp.limit; i++) statuses.push(await attempt(`203.0.113.${i + 1}`));
  expect(statuses.filter((s) => s === 429)).toEqual([]);
  expect(await attempt("198.51.100.77")).toBe(429);
  // A proxy in front of the server (here: this test on its port) naming another client is another address.
  const direct = await fetch(
    `http://127.0.0.1:${APP_PORT}/api/auth/login`,
    json(wrong, { "X-Forwarded-For": "198.51.100.78" }),
  );
  expect(direct.status).not.toBe(429);
  clearLimits();
});

test("an image at the upload limit goes through Caddy; one byte more gets the server's message", async () => {
  const cookie = (await courierSession("upload@example.com"))
    .map((c) => c.split(";")[0]!)
    .concat("lng=en")
    .join("; ");
  // A real photo, padded after its end marker to exactly the limit (decoders stop at the marker).
  const photo = await jpegWithGps(64, 48);
  const sized = (bytes: number) => {
    const file = new Uint8Array(bytes);
    file.set(photo);
    return file;
  };
  const upload = (bytes: number) => {
    const form = new FormData();
    form.set("face_photo", new File([sized(bytes)], "face.jpg", { type: "image/jpeg" }));
    return viaCaddy("/dashboard/documents?lng=en", {
      method: "POST",
      headers: { Cookie: cookie, Origin: SITE },
      body: form,
    });
  };
  const over = await upload(UPLOAD_LIMITS.imageBytes + 1);
  expect(over.status).toBe(413);
  expect(((await over.json()) as { error: string }).error).toBe(enDashboard.uploads.photoTooLarge);

  const atLimit = await upload(UPLOAD_LIMITS.imageBytes);
  expect(atLimit.status, await atLimit.clone().text()).toBe(201);
  expect(((await atLimit.json()) as { kind: string }).kind).toBe("face_photo");
});
