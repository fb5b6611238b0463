import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { totpCode } from "../factories";
import { parseMail } from "../mail-capture";
import { jpegWithGps, png } from "../media-fixtures";
import { expect, test } from "./fixtures";
import { startSpareServer, waitForHealth as waitForSpareServer } from "./spare-server";

/**
 * The server is SIGKILLed in the middle of a burst of registrations,
 * applications with uploads and admin approvals. After a restart every request that was answered
 * with success is there in full, nothing half-written is visible, and no orphan file is left.
 * The server is a second one from the same build, with its own data folder, port and no captcha.
 */
const PORT = Number(process.env.E2E_SPARE_PORT ?? 3300);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "crash-admin@example.com", password: "Crash-Admin-1!" };
const PASSWORD = "Crash-Courier-1!";
const DOCUMENTS = ["face_photo", "id_front", "id_back", "refugee_document"] as const;

test.describe.configure({ timeout: 180_000 });

function startServer(dir: string) {
  return startSpareServer({
    port: PORT,
    dataDir: dir,
    env: {
      // Each simulated client gets its own address, so the per-IP limits do not cut the burst short.
      TRUST_PROXY: "1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stderr: "pipe",
  });
}

const waitForHealth = () => waitForSpareServer(PORT);

let clientCounter = 0;
const client = () => ({ "X-Forwarded-For": `198.51.100.${++clientCounter % 250}`, Origin: BASE });
const cookieOf = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0]!;

async function login(email: string, password: string) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { ...client(), "Content-Type": "application/json" },
    body: JSON.stringify({ email, password, captchaToken: "" }),
  });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

/**
 * The admin's first log-in as a browser without JavaScript makes it: the form, the enrolment page
 * (its key read from the HTML), the first code, and the full session that comes back.
 */
async function adminLogin() {
  const form = await fetch(`${BASE}/auth/login`, {
    method: "POST",
    headers: client(),
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
    redirect: "manual",
  });
  expect(form.status).toBe(302);
  const pending = form.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const page = await (await fetch(`${BASE}${form.headers.get("Location")}`, { headers: { Cookie: pending } })).text();
  // The key is shown in groups of four, each in its own element: the letters between the tags.
  const secret = /class="totp-secret"><code>(.*?)<\/code>/s.exec(page)![1]!.replace(/<[^>]*>|\s/g, "");
  const enrolled = await fetch(`${BASE}/auth/second-factor`, {
    method: "POST",
    headers: { ...client(), Cookie: pending },
    body: new URLSearchParams({ intent: "enrol", code: totpCode(secret) }),
  });
  expect(enrolled.status).toBe(200);
  return enrolled.headers
    .getSetCookie()
    .find((c) => c.startsWith("cf_session="))!
    .split(";")[0]!;
}

/** Registers, activates from the e-mail the server wrote, and logs in. */
async function activeUser(dir: string, email: string) {
  const res = await fetch(`${BASE}/api/auth/register`, {
    method: "POST",
    headers: { ...client(), "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, captchaToken: "", language: "en" }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const files = existsSync(path.join(dir, "mail")) ? readdirSync(path.join(dir, "mail")) : [];
    link = files
      .map((f) => parseMail(readFileSync(path.join(dir, "mail", f), "utf8")))
      .find((m) => m.to.includes(email))
      ?.links.find((l) => l.includes("/activate/"));
    if (!link) await Bun.sleep(50);
  }
  expect((await fetch(`${BASE}/api/auth/activate/${new URL(link!).pathname.split("/").pop()}`)).status).toBe(200);
  return login(email, PASSWORD);
}

async function applicationBody() {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fullName: "Crash Courier",
    age: "25",
    phone: "0903 123 456",
    citizenship: "other",
    contactMethod: "phone",
    documentValidUntil: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
  }))
    form.set(k, v);
  const face = await jpegWithGps(640, 480);
  const doc = await png(600, 400);
  for (const kind of DOCUMENTS)
    form.append(kind, new File([new Uint8Array(kind === "face_photo" ? face : doc)], `${kind}.jpg`));
  return form;
}

test("SIGKILL during a burst of writes loses nothing that was confirmed and leaves nothing half-written", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "courier-crash-"));
  let server = startServer(dir);
  try {
    await waitForHealth();
    const adminCookie = await adminLogin();

    // Before the burst: couriers who will apply during it, and couriers whose applications the admin will approve during it.
    const appliers = await Promise.all(Array.from({ length: 8 }, (_, i) => activeUser(dir, `applier${i}@example.com`)));
    const waiting = await Promise.all(Array.from({ length: 8 }, (_, i) => activeUser(dir, `waiting${i}@example.com`)));
    for (const cookie of waiting) {
      const res = await fetch(`${BASE}/dashboard/apply`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: BASE },
        body: await applicationBody(),
        redirect: "manual",
      });
      expect(res.status).toBe(302);
    }
    const pre = new Database(path.join(dir, "app.db"), { readonly: true });
    const pendingIds = pre
      .query<{ id: number }, []>("select id from applications where status = 'pending' order by id")
      .all()
      .map((r) => r.id);
    pre.close();
    expect(pendingIds).toHaveLength(8);

    // The burst: every request records whether it was answered with success.
    const confirmed = { registered: [] as string[], applied: [] as number[], approved: [] as number[] };
    let answered = 0;
    let killed = false;
    const kill = () => {
      if (!killed) {
        killed = true;
        server.kill("SIGKILL");
      }
    };
    const bodies = await Promise.all(appliers.map(() => applicationBody()));
    const requests: Promise<void>[] = [];
    for (let i = 0; i < 60; i++) {
      const email = `burst${i}@example.com`;
      requests.push(
        fetch(`${BASE}/api/auth/register`, {
          method: "POST",
          headers: { ...client(), "Content-Type": "application/json" },
          body: JSON.stringify({ email, password: PASSWORD, captchaToken: "", language: "sk" }),
        }).then(
          (res) => void (res.status === 201 && confirmed.registered.push(email)),
          () => undefined,
        ),
      );
    }
    appliers.forEach((cookie, i) => {
      requests.push(
        fetch(`${BASE}/dashboard/apply`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: BASE },
          body: bodies[i],
          redirect: "manual",
        }).then(
          (res) => void (res.status === 302 && confirmed.applied.push(i)),
          () => undefined,
        ),
      );
    });
    for (const id of pendingIds) {
      requests.push(
        fetch(`${BASE}/admin/applications/${id}`, {
          method: "POST",
          headers: { Cookie: adminCookie, Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=approve",
          redirect: "manual",
        }).then(
          (res) => void (res.status === 302 && confirmed.approved.push(id)),
          () => undefined,
        ),
      );
    }
    // The kill lands when a third of the answers are in: some requests done, others still in flight.
    const all = requests.map((p) => p.then(() => void (++answered >= requests.length / 3 && kill())));
    await Promise.all(all);
    kill();
    await server.exited;
    expect(answered).toBe(requests.length);
    const confirmedCount = confirmed.registered.length + confirmed.applied.length + confirmed.approved.length;
    expect(confirmedCount).toBeGreaterThan(0);
    expect(confirmedCount).toBeLessThan(requests.length);

    // Restart on the same data: migrations, the start-up sweep, then serving.
    server = startServer(dir);
    await waitForHealth();
    const db = new Database(path.join(dir, "app.db"), { readonly: true });
    try {
      expect(db.query<{ integrity_check: string }, []>("pragma integrity_check").get()?.integrity_check).toBe("ok");

      // Every confirmed registration: the account, its first history row and its activation token.
      for (const email of confirmed.registered) {
        const user = db
          .query<{ id: number; status: string }, [string]>("select id, status from users where email = ?")
          .get(email);
        expect(user, email).toBeTruthy();
        expect(user!.status).toBe("created_account");
        expect(
          db.query("select 1 from status_history where user_id = ? and to_status = 'created_account'").get(user!.id),
        ).toBeTruthy();
        expect(db.query("select 1 from one_time_tokens where user_id = ?").get(user!.id)).toBeTruthy();
      }
      // Every confirmed application: the row with all its documents.
      for (const i of confirmed.applied) {
        const row = db
          .query<{ id: number }, [string]>(
            "select a.id from applications a join users u on u.id = a.user_id where u.email = ?",
          )
          .get(`applier${i}@example.com`);
        expect(row, `applier${i}`).toBeTruthy();
      }
      // Every confirmed approval: the decision, the courier's new status and the audit entry.
      for (const id of confirmed.approved) {
        const app = db
          .query<{ status: string; user_id: number }, [number]>("select status, user_id from applications where id = ?")
          .get(id)!;
        expect(app.status).toBe("approved");
        expect(
          db.query<{ status: string }, [number]>("select status from users where id = ?").get(app.user_id)!.status,
        ).toBe("working_no_vehicle");
        expect(
          db.query("select 1 from audit_log where entity_type = 'application' and entity_id = ?").get(id),
        ).toBeTruthy();
      }

      // Nothing half-written, whether or not it was confirmed:
      // every application has all four documents, each one a complete file in its place;
      const apps = db.query<{ id: number }, []>("select id from applications").all();
      for (const app of apps) {
        const docs = db
          .query<{ kind: string; storage_key: string; size: number }, [number]>(
            "select kind, storage_key, size from uploads where application_id = ?",
          )
          .all(app.id);
        expect(docs.map((d) => d.kind).sort(), `application ${app.id}`).toEqual([...DOCUMENTS].sort());
        for (const doc of docs) expect(Bun.file(path.join(dir, "uploads", doc.storage_key)).size).toBe(doc.size);
      }
      // every user's status is the target of their latest history row, and an approved application's user moved on;
      const users = db.query<{ id: number; status: string }, []>("select id, status from users").all();
      for (const user of users) {
        const last = db
          .query<{ to_status: string }, [number]>(
            "select to_status from status_history where user_id = ? order by id desc limit 1",
          )
          .get(user.id);
        expect(last?.to_status, `user ${user.id}`).toBe(user.status);
      }
      const approvedWithoutHistory = db
        .query(
          "select a.id from applications a where a.status = 'approved' and not exists (select 1 from status_history h where h.user_id = a.user_id and h.to_status = 'working_no_vehicle')",
        )
        .all();
      expect(approvedWithoutHistory).toEqual([]);
      // and after the start-up sweep every file on disk belongs to a row: no orphans, no temporary files.
      const keys = new Set(
        db
          .query<{ storage_key: string }, []>("select storage_key from uploads")
          .all()
          .map((r) => r.storage_key),
      );
      const onDisk = existsSync(path.join(dir, "uploads")) ? readdirSync(path.join(dir, "uploads")) : [];
      expect(onDisk.filter((name) => !keys.has(name))).toEqual([]);
      expect(onDisk.length).toBe(keys.size);
    } finally {
      db.close();
    }

    // The restarted server serves the survivors: a confirmed applicant logs in and sees their application.
    const survivor = confirmed.applied[0];
    if (survivor !== undefined) {
      const cookie = await login(`applier${survivor}@example.com`, PASSWORD);
      const me = await fetch(`${BASE}/api/auth/me`, { headers: { Cookie: cookie } });
      expect((await me.json()).status).toBe("applied_for_job");
    }
  } finally {
    server.kill("SIGKILL");
    await server.exited;
  }
});
