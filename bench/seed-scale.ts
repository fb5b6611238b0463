/**
 * `bun bench/seed-scale.ts --db data/bench/app.db [--users 100000] [--force]`: a database at production
 * scale for the performance budgets. With 100,000 users: 5,000 vehicles, 50,000 problem reports and
 * 3,000,000 page views (daily counts over two years that sum to exactly that); smaller user counts scale
 * vehicles and reports down in proportion. The demo content and admin come first (`seedDemoData`), then
 * bulk rows straight through bun:sqlite prepared statements, one transaction per batch.
 */
import type { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { seedDemoData } from "~db/seed";
import { openDatabase, transactionOn } from "~/infra/db.server";
import { Rng, pick, userPlan } from "./seed-plan";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "data/bench/app.db" },
    users: { type: "string", default: "100000" },
    vehicles: { type: "string" },
    reports: { type: "string" },
    "page-views": { type: "string", default: "3000000" },
    days: { type: "string", default: "730" },
    force: { type: "boolean", default: false },
  },
});
const users = Number(values.users);
const scale = users / 100_000;
const vehicleCount = Number(values.vehicles ?? Math.round(5_000 * scale));
const reportCount = Number(values.reports ?? Math.round(50_000 * scale));
const pageViews = Number(values["page-views"]);
const days = Number(values.days);
const file = path.resolve(values.db);
for (const [name, n] of Object.entries({ users, vehicleCount, reportCount, pageViews, days }))
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
if (existsSync(file)) {
  if (!values.force) {
    console.error(`${file} exists; pass --force to replace it`);
    process.exit(1);
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
}

const DAY = 86_400_000;
const now = Date.now();
const timings: [string, number][] = [];
const started = performance.now();
function timed<T>(label: string, fn: () => T): T {
  const t = performance.now();
  const result = fn();
  timings.push([label, performance.now() - t]);
  return result;
}

const database = openDatabase(file);
const sqlite: Database = database.$client;
// Nothing else reads this file while it is filled; a crash just means seeding again.
sqlite.exec("PRAGMA synchronous = OFF");
sqlite.exec("PRAGMA cache_size = -262144"); // 256 MB: the indexes stay in memory while they grow
const admin = await seedDemoData(transactionOn(database));
const adminId = (sqlite.query("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1").get() as { id: number })
  .id;
const passwordHash = await Bun.password.hash("Courier-Bench-1!", { algorithm: "argon2id" });
const rng = new Rng(20260);

/** Runs `row(i)` for i in [0, n) in transactions of `batch` rows. */
function batched(n: number, row: (i: number) => void, batch = 20_000) {
  for (let start = 0; start < n; start += batch) {
    sqlite.transaction(() => {
      for (let i = start; i < Math.min(n, start + batch); i++) row(i);
    })();
  }
}

// Referral links first: users point at them.
const linkCount = Math.max(10, Math.round(200 * scale));
const linkIds: number[] = timed("referral links + clicks", () => {
  const insertLink = sqlite.prepare(
    "INSERT INTO referral_links (name, code, clicks, created_by_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
  );
  const insertClick = sqlite.prepare("INSERT INTO referral_clicks (link_id, day, count) VALUES (?, ?, ?)");
  const ids: number[] = [];
  sqlite.transaction(() => {
    for (let i = 0; i < linkCount; i++) {
      const firstDay = rng.int(0, days - 1);
      const perDay = Array.from({ length: Math.min(90, firstDay + 1) }, () => rng.int(0, 40));
      const total = perDay.reduce((a, b) => a + b, 0);
      const { id } = insertLink.get(
        `Campaign ${i + 1}`,
        `camp${i.toString(36).padStart(4, "0")}`,
        total,
        adminId,
        now - firstDay * DAY,
      ) as { id: number };
      perDay.forEach((count, d) => {
        if (count > 0) insertClick.run(id, new Date(now - (firstDay - d) * DAY).toISOString().slice(0, 10), count);
      });
      ids.push(id);
    }
  })();
  return ids;
});

const plans = timed("plan", () =>
  Array.from({ length: users }, (_, i) => userPlan(rng, i, now, days, vehicleCount, users)),
);
const userIds: number[] = new Array(users);
timed(`users (${users})`, () => {
  const insert = sqlite.prepare(
    "INSERT INTO users (email, password_hash, role, status, full_name, language, referral_link_id, created_at, updated_at) VALUES (?, ?, 'user', ?, ?, ?, ?, ?, ?) RETURNING id",
  );
  batched(users, (i) => {
    const p = plans[i]!;
    const link = rng.chance(0.1) ? pick(rng, linkIds) : null;
    userIds[i] = (
      insert.get(p.email, passwordHash, p.status, p.fullName, p.language, link, p.createdAt, p.path.at(-1)![1]) as {
        id: number;
      }
    ).id;
  });
});

timed("status history", () => {
  const insert = sqlite.prepare(
    "INSERT INTO status_history (user_id, from_status, to_status, reason, actor_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  batched(users, (i) => {
    let from: string | null = null;
    for (const [to, at] of plans[i]!.path) {
      insert.run(userIds[i]!, from, to, "seed", from ? adminId : null, at);
      from = to;
    }
  });
});

let applicationRows = 0;
timed("applications + documents + audit", () => {
  const insertApp = sqlite.prepare(
    "INSERT INTO applications (user_id, status, full_name, age, phone, contact_method, contact_username, rejection_reason, decided_by_id, decided_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const insertUpload = sqlite.prepare(
    "INSERT INTO uploads (storage_key, kind, mime, size, width, height, owner_id, application_id, created_at) VALUES (?, ?, 'image/webp', ?, 1200, 800, ?, ?, ?)",
  );
  const insertAudit = sqlite.prepare(
    "INSERT INTO audit_log (actor_id, action, entity_type, entity_id, subject_user_id, before, after, created_at) VALUES (?, ?, 'application', ?, ?, ?, ?, ?)",
  );
  batched(users, (i) => {
    const p = plans[i]!;
    if (!p.application) return;
    const a = p.application;
    const { id } = insertApp.get(
      userIds[i]!,
      a.status,
      p.fullName,
      a.age,
      a.phone,
      a.contact,
      a.contact === "phone" ? null : `@courier${i}`,
      a.status === "rejected" ? "Documents are not readable" : null,
      a.decidedAt ? adminId : null,
      a.decidedAt,
      a.createdAt,
    ) as { id: number };
    applicationRows++;
    for (const kind of ["face_photo", "id_front", "id_back"])
      insertUpload.run(`seed/${id}-${kind}.webp`, kind, rng.int(80_000, 400_000), userIds[i]!, id, a.createdAt);
    if (a.decidedAt)
      insertAudit.run(
        adminId,
        `application.${a.status === "approved" ? "approve" : "reject"}`,
        id,
        userIds[i]!,
        JSON.stringify({ status: "pending" }),
        JSON.stringify({ status: a.status }),
        a.decidedAt,
      );
  });
});

// Vehicles: the riders get theirs (in use), the rest are spread over the other states.
const riders = plans.map((p, i) => (p.status === "working_with_vehicle" ? i : -1)).filter((i) => i >= 0);
const vehicleIds: number[] = timed(`vehicles (${vehicleCount})`, () => {
  const insert = sqlite.prepare(
    "INSERT INTO vehicles (name, characteristics_sk, serial_number, comment, status, available_since, assigned_user_id, lease_ends_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const models = ["Urban Pro 1000", "City Go 900", "Cargo Max 1200", "Eco Ride 800"];
  const ids: number[] = [];
  batched(vehicleCount, (v) => {
    const rider = riders[v];
    const status =
      rider !== undefined ? "in_use" : pick(rng, ["available", "available", "maintenance", "future"] as const);
    const created = now - rng.int(30, days) * DAY;
    const lease = rider !== undefined ? now + rng.int(-5, 30) * DAY : null;
    ids.push(
      (
        insert.get(
          models[v % models.length]!,
          "Seeded for the scale benchmark",
          `CF-B-${String(v + 1).padStart(6, "0")}`,
          null,
          status,
          status === "available" ? created : null,
          rider !== undefined ? userIds[rider]! : null,
          lease,
          created,
        ) as { id: number }
      ).id,
    );
  });
  return ids;
});

const vehicleOf = new Map(riders.slice(0, vehicleIds.length).map((userIndex, v) => [userIndex, vehicleIds[v]!]));
let requestRows = 0;
timed("vehicle requests", () => {
  const insert = sqlite.prepare(
    "INSERT INTO vehicle_requests (user_id, kind, requested_vehicle_id, status, reason, expires_at, decided_by_id, decided_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  batched(users, (i) => {
    const p = plans[i]!;
    const at = p.vehicleRequestAt;
    if (at === undefined) return;
    const status =
      p.status === "applied_for_vehicle" ? "pending" : p.status === "vehicle_rejected" ? "rejected" : "approved";
    const decided = status === "pending" ? null : at + DAY;
    // An approved request names the vehicle the courier rides now; the others any vehicle.
    const vehicle = vehicleOf.get(i) ?? (vehicleIds.length ? pick(rng, vehicleIds) : null);
    insert.run(
      userIds[i]!,
      pick(rng, ["request", "reserve"] as const),
      vehicle,
      status,
      status === "rejected" ? "No vehicle free this week" : null,
      status === "approved" ? at + 31 * DAY : null,
      decided ? adminId : null,
      decided,
      at,
    );
    requestRows++;
  });
});

timed(`problem reports (${reportCount})`, () => {
  const insert = sqlite.prepare(
    "INSERT INTO problem_reports (user_id, vehicle_id, description, status, response, resolved_by_id, resolved_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const reporters = riders.length > 0 ? riders : plans.map((_, i) => i);
  const texts = [
    "Brake makes a noise",
    "Battery drains fast",
    "Flat rear tyre",
    "Display flickers",
    "Bell is broken",
    "Lock does not open",
  ];
  batched(reportCount, (r) => {
    const rider = reporters[r % reporters.length]!;
    const vehicle =
      riders.length > 0 && r % reporters.length < vehicleIds.length ? vehicleIds[r % reporters.length]! : null;
    const at = now - rng.int(0, days) * DAY - rng.int(0, DAY);
    const resolved = rng.chance(0.7);
    insert.run(
      userIds[rider]!,
      vehicle,
      `${pick(rng, texts)} (report ${r + 1})`,
      resolved ? "resolved" : "open",
      resolved ? "Fixed at the depot" : null,
      resolved ? adminId : null,
      resolved ? at + DAY : null,
      at,
    );
  });
});

timed(`page views (${pageViews} over ${days} days)`, () => {
  // Growth over time and a weekly rhythm; the last day takes the rounding so the sum is exact.
  const weights = Array.from(
    { length: days },
    (_, d) => (0.4 + (0.6 * d) / days) * (d % 7 >= 5 ? 0.7 : 1) * (0.85 + 0.3 * rng.next()),
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((pageViews * w) / total));
  counts[days - 1]! += pageViews - counts.reduce((a, b) => a + b, 0);
  const insert = sqlite.prepare("INSERT INTO page_views_daily (day, views) VALUES (?, ?)");
  sqlite.transaction(() =>
    counts.forEach((views, d) => insert.run(new Date(now - (days - 1 - d) * DAY).toISOString().slice(0, 10), views)),
  )();
});

// The server runs the same on shutdown; a long-lived production database has these statistics.
timed("PRAGMA optimize", () => sqlite.exec("PRAGMA optimize"));
timed("WAL checkpoint", () => sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
const counts = Object.fromEntries(
  [
    "users",
    "status_history",
    "applications",
    "uploads",
    "audit_log",
    "vehicles",
    "vehicle_requests",
    "problem_reports",
    "referral_links",
    "referral_clicks",
    "page_views_daily",
  ].map((t) => [t, (sqlite.query(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
);
const viewSum = (sqlite.query("SELECT sum(views) AS n FROM page_views_daily").get() as { n: number }).n;
sqlite.close();

console.log(`Seeded ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
for (const [label, ms] of timings) console.log(`  ${label.padEnd(40)} ${(ms / 1000).toFixed(2)} s`);
console.log(
  `  rows: ${JSON.stringify(counts)}; page views summed: ${viewSum}; applications ${applicationRows}, requests ${requestRows}`,
);
console.log(
  `  log in as ${admin?.email ?? "the demo admin"} (password of the demo seed) or any userN@bench.example / Courier-Bench-1!`,
);
