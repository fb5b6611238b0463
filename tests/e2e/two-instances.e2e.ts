/**
 * Two server processes on one PostgreSQL database and one S3 bucket behave as one: a session begun on
 * A continues on B, a document uploaded through A opens through B, a log-in limit counts attempts made
 * on both, and the instance running a scheduled job is killed half-way: the other takes the period over
 * when the lease lapses and finishes it, each courier moved exactly once.
 *
 * Everything here is real: a throw-away PostgreSQL cluster, s3rver, an SMTP server, and two `bun
 * server.ts` processes from the same build. The test process reaches the database only through SQL
 * (the other journeys' models are bound to their SQLite file).
 */
import { SQL, type Subprocess } from "bun";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../../scripts/pg-cluster";
import { startSmtpServer } from "../mail-capture";
import { startS3, type TestS3 } from "../s3-server";
import { attachDocuments, fillApplication } from "./application-form";
import { expect, test } from "./fixtures";

const available = postgresBin() !== null || Boolean(process.env.CI);
test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!available, "PostgreSQL is not installed (apt-get install -y postgresql)");

type Instance = { name: string; url: string; process: Subprocess };
const basePort = Number(process.env.E2E_SPARE_PORT ?? 3300) + 1;
const password = "Two-Instances-2026!";

let cluster: ThrowAwayCluster;
let s3: TestS3;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sql: SQL;
let dataDir: string;
let env: Record<string, string>;
const instances: Instance[] = [];

async function startInstance(name: string, port: number): Promise<Instance> {
  const child = Bun.spawn(["bun", "server.ts"], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name, url, process: child };
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
    await Bun.sleep(100);
  }
  throw new Error(`instance ${name} did not answer`);
}

async function registerAndActivate(email: string, on: Instance, activateOn: Instance) {
  const before = smtp.inbox.length;
  const registered = await fetch(`${on.url}/api/auth/register`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email, password, language: "en" }),
  });
  expect(registered.status).toBe(201);
  const mail = await smtp.next(email, before);
  const link = new URL(mail.links.find((l) => l.includes("activat"))!);
  // The link names the public address; the other instance serves it just the same.
  const activated = await fetch(`${activateOn.url}${link.pathname}${link.search}`, { redirect: "manual" });
  expect(activated.status).toBeLessThan(400);
}

test.beforeAll(async () => {
  cluster = await startThrowAwayCluster();
  const url = await createDatabase(cluster.url, "two_instances");
  sql = new SQL({ url, max: 2 });
  s3 = await startS3("two-instances");
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "courier-two-"));
  env = {
    HOST: "127.0.0.1",
    // Behind one reverse proxy both instances have one public address.
    APP_URL: `http://127.0.0.1:${basePort}`,
    TRUST_PROXY: "1",
    DATABASE_URL: url,
    STORAGE_URL: `s3://${s3.bucket}/files`,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    SESSION_SECRET: "two-instances-share-one-session-secret-0123456789",
    SMTP_URL: smtp.url,
    CAPTCHA_PROVIDER: "off",
    DEMO_SEED: "0",
    // Each instance its own folder for form parts in flight; the clock file is shared through DATA_DIR.
    DATA_DIR: dataDir,
    UPLOADS_DIR: path.join(dataDir, "parts"),
    JOBS_CHECK_SECONDS: "1",
    JOBS_LEASE_SECONDS: "3",
    COURIER_QUIET_LOGS: "1",
  };
  // Started together: one migrates, the other waits on the migration lock.
  instances.push(...(await Promise.all([startInstance("A", basePort), startInstance("B", basePort + 1)])));
});

test.afterAll(async () => {
  for (const instance of instances) instance.process.kill();
  await Promise.all(instances.map((instance) => instance.process.exited));
  await sql?.close();
  await smtp?.stop();
  await s3?.stop();
  await cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a session begun on A continues on B, and a document uploaded through A opens through B", async ({ page }) => {
  const [a, b] = instances as [Instance, Instance];
  const email = `olena.${Date.now()}@example.sk`;
  await registerAndActivate(email, a, b);

  await page.goto(`${a.url}/?auth=login&lng=en`);
  const dialog = page.getByRole("dialog");
  await dialog.locator("input[name=email]").fill(email);
  await dialog.locator("input[name=password]").fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  // A real password check (argon2) on PostgreSQL: more than 5 s when the machine is busy.
  await expect(page).toHaveURL(`${a.url}/dashboard`, { timeout: 15_000 });

  // Cookies belong to the host, not the port: the same browser now asks B.
  await page.goto(`${b.url}/dashboard`);
  await expect(page).toHaveURL(`${b.url}/dashboard`);
  await expect(page.getByRole("button", { name: "Submit application" })).toBeVisible();

  await page.goto(`${a.url}/dashboard`);
  await fillApplication(page, { phone: "0903123456" });
  await attachDocuments(page);
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByText("Your application is being reviewed")).toBeVisible();

  const files = await sql<{ id: number; storage_key: string; kind: string }[]>`
    SELECT u.id, u.storage_key, u.kind FROM uploads u JOIN users o ON o.id = u.owner_id WHERE o.email = ${email} ORDER BY u.id`;
  expect(files.map((f) => f.kind).sort()).toEqual(["face_photo", "id_back", "id_front", "refugee_document"]);
  const listed = (await s3.client.list({ prefix: "files/" })).contents?.map((o) => o.key) ?? [];
  for (const file of files) expect(listed).toContain(`files/${file.storage_key}`);

  // The face photo: an 800 × 600 JPEG, re-encoded (the cards are small PNGs).
  const face = files.find((f) => f.kind === "face_photo")!;
  const viaA = await page.request.get(`${a.url}/files/${face.id}`);
  const viaB = await page.request.get(`${b.url}/files/${face.id}`);
  expect(viaB.status()).toBe(200);
  expect(viaB.headers()["cache-control"]).toBe("private, no-store");
  expect(Buffer.compare(await viaB.body(), await viaA.body())).toBe(0);
  expect((await viaB.body()).length).toBeGreaterThan(1000);
});

test("five wrong passwords lock the account, wherever they were typed", async () => {
  const [a, b] = instances as [Instance, Instance];
  const email = `petro.${Date.now()}@example.sk`;
  await registerAndActivate(email, b, a);
  const login = (on: Instance, pass: string, ip: string) =>
    fetch(`${on.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password: pass }),
    });
  // From five addresses, alternating instances: no per-address limit is reached, only the account's.
  for (let i = 0; i < 5; i++)
    expect((await login(i % 2 ? b : a, "wrong-password", `10.9.0.${i + 1}`)).status).toBe(401);
  const locked = await login(b, password, "10.9.0.99");
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect((await login(a, password, "10.9.0.98")).status).toBe(429);
});

test("the instance running a scheduled job dies half-way; the other finishes it, each courier moved once", async () => {
  const couriers = 600;
  // Couriers whose leases ended yesterday. Every audit entry waits 5 ms, so the job takes seconds.
  await sql.unsafe(`
    INSERT INTO users (email, password_hash, role, status, full_name)
      SELECT 'lease' || g || '@example.sk', 'x', 'user', 'working_with_vehicle', 'Courier ' || g FROM generate_series(1, ${couriers}) g;
    INSERT INTO vehicles (name, serial_number, status, assigned_user_id, lease_ends_at)
      SELECT 'Scooter ' || u.id, 'LEASE-' || u.id, 'in_use', u.id, now() - interval '1 day' FROM users u WHERE u.email LIKE 'lease%@example.sk';
    CREATE FUNCTION slow_audit() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(0.005); RETURN NEW; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER slow_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION slow_audit();`);

  // The lease-expiry job runs every 5 minutes: move both instances' clock to 10 s into the next period, so
  // that the test's minute never reaches the period after it (whose run would be a new row, attempt 1).
  const periodStart = new Date(Math.ceil(Date.now() / 300_000) * 300_000);
  writeFileSync(
    path.join(dataDir, "test-clock.json"),
    JSON.stringify({ offsetMs: periodStart.getTime() + 10_000 - Date.now() }),
  );
  type Run = { claimed_by: string; attempts: number; finished_at: Date | null };
  const run = async () =>
    (
      await sql<
        Run[]
      >`SELECT claimed_by, attempts, finished_at FROM job_runs WHERE job = 'lease-expiry' AND period_start >= ${periodStart} ORDER BY period_start DESC LIMIT 1`
    )[0];
  const moved = async () =>
    Number(
      (
        await sql<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM users WHERE email LIKE 'lease%@example.sk' AND status = 'lease_expired'`
      )[0]!.n,
    );

  // Looked at often: the runner must be caught half-way (the job lasts a few seconds).
  await expect.poll(async () => (await moved()) > 20, { timeout: 30_000, intervals: [50] }).toBe(true);
  const claimed = (await run())!;
  expect(claimed.finished_at).toBeNull();
  const runner = instances.find((instance) => claimed.claimed_by.includes(`:${instance.process.pid}:`))!;
  const survivor = instances.find((instance) => instance !== runner)!;
  runner.process.kill("SIGKILL");
  await runner.process.exited;
  const movedWhenKilled = await moved();
  expect(movedWhenKilled).toBeLessThan(couriers);

  // The lease lapses (3 s), the survivor's next check (1 s) takes the period over and finishes it.
  await expect.poll(async () => (await run())?.finished_at !== null, { timeout: 60_000, intervals: [250] }).toBe(true);
  const finished = (await run())!;
  expect(finished.claimed_by).toContain(`:${survivor.process.pid}:`);
  expect(finished.attempts).toBe(2);
  expect(await moved()).toBe(couriers);
  const [twice] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT user_id FROM status_history WHERE to_status = 'lease_expired' GROUP BY user_id HAVING count(*) > 1) t`;
  expect(twice!.n).toBe(0);
  const [audits] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lease.expire'`;
  expect(audits!.n).toBe(couriers);
  // The survivor serves on.
  expect((await fetch(`${survivor.url}/api/health`)).status).toBe(200);
});
