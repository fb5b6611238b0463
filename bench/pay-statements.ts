/**
 * `bun bench/pay-statements.ts [--couriers 2000]`: the bench of the statement engine — one week's
 * drafts for 2,000 couriers, each with a platform account and seven days of earnings (14,000 rows), half
 * of them with a scooter lease that begins mid-week, a tenth with a bonus. Target: under 5 s. Runs on a
 * fresh SQLite database in a temporary folder (DATABASE_URL=postgres://… runs it on PostgreSQL instead).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

export const TARGET_MS = 5_000;
const { values } = parseArgs({ options: { couriers: { type: "string", default: "2000" } } });
const couriers = Number(values.couriers);
const dir = mkdtempSync(path.join(tmpdir(), "bench-pay-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_URL ??= `file:${path.join(dir, "app.db")}`;
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.DEMO_SEED = "0";
process.env.COURIER_QUIET_LOGS = "1";

const { migrateDatabase, writerForTests, closeDatabase } = await import("../app/infra/db.server");
const schema = await import("../db/schema");
const { recomputeFrom } = await import("../app/models/pay-statements.server");
const { startOfLocalDate, addDays } = await import("../app/domain/pay-week");
await migrateDatabase();
const w = writerForTests();

const week = "2026-11-16";
const [platform] = await w.insert(schema.platforms).values({ name: "Wolt" }).returning();
const [imp] = await w
  .insert(schema.earningImports)
  .values({
    platformId: platform!.id,
    weekStart: week,
    fileName: "bench.csv",
    storageKey: "bench",
    sha256: "x",
    committedAt: new Date(),
  })
  .returning();
const seedStarted = performance.now();
for (let i = 0; i < couriers; i += 250) {
  const batch = Array.from({ length: Math.min(250, couriers - i) }, (_, k) => i + k);
  const users = await w
    .insert(schema.users)
    .values(
      batch.map((n) => ({
        email: `courier${n}@bench.test`,
        passwordHash: "x",
        role: "user" as const,
        status: "working_with_vehicle" as const,
        fullName: `Courier ${n}`,
        language: "sk" as const,
      })),
    )
    .returning({ id: schema.users.id });
  await w.insert(schema.platformAccounts).values(
    users.map((u, k) => ({
      platformId: platform!.id,
      accountId: `W-${batch[k]}`,
      userId: u.id,
      startsOn: "2026-01-01",
    })),
  );
  await w.insert(schema.earnings).values(
    users.flatMap((_, k) =>
      Array.from({ length: 7 }, (_, d) => ({
        platformId: platform!.id,
        accountId: `W-${batch[k]}`,
        day: addDays(week, d),
        minutes: 240 + ((k * 7 + d) % 180),
        deliveries: 8 + (d % 5),
        grossCents: 3_500 + k * 3 + d * 41,
        tipsCents: (k + d) % 4 === 0 ? 250 : 0,
        importId: imp!.id,
      })),
    ),
  );
  const leased = users.filter((_, k) => batch[k]! % 2 === 0);
  if (leased.length) {
    const vehicles = await w
      .insert(schema.vehicles)
      .values(
        leased.map((u) => ({
          name: `Scooter ${u.id}`,
          characteristicsSk: "1000 W",
          serialNumber: `SN-${u.id}`,
          status: "in_use" as const,
        })),
      )
      .returning({ id: schema.vehicles.id });
    await w.insert(schema.handovers).values(
      leased.map((u, k) => ({
        kind: "check_out" as const,
        vehicleId: vehicles[k]!.id,
        userId: u.id,
        createdAt: new Date(startOfLocalDate(addDays(week, 2)).getTime() + 9 * 3_600_000),
      })),
    );
  }
  const bonus = users.filter((_, k) => batch[k]! % 10 === 0);
  if (bonus.length)
    await w.insert(schema.payAdjustments).values(
      bonus.map((u) => ({
        userId: u.id,
        weekStart: week,
        kind: "bonus" as const,
        amountCents: 1_000,
        reason: "Rain",
      })),
    );
}
console.log(
  `seeded ${couriers} couriers, ${couriers * 7} earnings rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const at = new Date("2026-11-24T09:00:00Z");
const runs: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const [result] = await recomputeFrom(week, at);
  runs.push(performance.now() - started);
  if (result?.drafted !== couriers) throw new Error(`expected ${couriers} drafts, got ${result?.drafted}`);
}
const first = runs[0]!;
const best = Math.min(...runs);
console.log(
  `statements for ${couriers} couriers, one week: first ${first.toFixed(0)} ms (inserts), recompute best ${best.toFixed(0)} ms (updates); target < ${TARGET_MS} ms`,
);
await closeDatabase();
rmSync(dir, { recursive: true, force: true });
process.exit(Math.max(...runs) < TARGET_MS ? 0 : 1);
