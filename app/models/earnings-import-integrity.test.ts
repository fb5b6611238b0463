import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { earnings, payAdjustments, payStatements, settings } from "~db/schema";
import type { StatementLine } from "~/domain/pay-rule";
import { databaseEngine, writerForTests } from "~/infra/db.server";
import type { ReceivedFile } from "~/infra/uploads.server";
import { createUser } from "../../tests/factories";
import {
  commitImport,
  discardPendingImport,
  findPendingImport,
  previewImport,
  stageEarningsFile,
} from "./earnings-import.server";
import { createPlatform, linkPlatformAccount } from "./platforms.server";

const admin = await createUser({ role: "admin" });
const spool = mkdtempSync(path.join(tmpdir(), "earnings-integrity-"));
const HEADER = "platform;account_id;date;minutes;deliveries;gross_eur;tips_eur";
/** Closed weeks (the clock is real: these are in the past). */
const WEEK = "2026-10-05";
const NEXT = "2026-10-12";
const NOW = new Date("2026-11-28T10:00:00Z");
let counter = 0;

function received(lines: string[]): ReceivedFile {
  const target = path.join(spool, `${++counter}.csv`);
  writeFileSync(target, [HEADER, ...lines].join("\n"));
  return {
    field: "file",
    name: `week-${counter}.csv`,
    path: target,
    size: 1,
    type: { class: "text", mime: "text/csv", ext: "csv" },
  };
}

async function courierOn(platformName: string) {
  const platformId = await createPlatform(admin.id, platformName);
  const courier = await createUser({ fullName: `Courier ${platformName}` });
  const accountId = `A-${counter++}`;
  await linkPlatformAccount(admin.id, { platformId, accountId, userId: courier.id, startsOn: "2026-09-01" });
  return { platformId, courier, accountId };
}

const name = () => `P${Date.now().toString(36)}${++counter}`;

async function importLines(platformId: number, lines: string[], week = WEEK) {
  const id = await stageEarningsFile(admin.id, { platformId, weekStart: week }, received(lines));
  return { id, result: await commitImport(admin.id, id, NOW) };
}

const statementOf = async (userId: number, week: string) =>
  (
    await writerForTests()
      .select()
      .from(payStatements)
      .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, week)))
  )[0];

const adjustmentsOf = async (userId: number) =>
  await writerForTests()
    .select()
    .from(payAdjustments)
    .where(eq(payAdjustments.userId, userId))
    .orderBy(payAdjustments.id);

async function approve(userId: number, week: string) {
  await writerForTests()
    .update(payStatements)
    .set({ status: "approved", approvedAt: NOW, iban: "SK3112000000198742637541", holder: "Test Courier" })
    .where(and(eq(payStatements.userId, userId), eq(payStatements.weekStart, week)));
}

/** A fault inside the commit's transaction: every statement write fails, as an out-of-range value would. */
async function withFailingStatements(body: () => Promise<void>) {
  const writer = writerForTests() as unknown as {
    $client: { exec?: (sql: string) => void; unsafe?: (sql: string) => Promise<unknown> };
  };
  const run = async (sql: string) =>
    databaseEngine() === "postgres" ? await writer.$client.unsafe!(sql) : writer.$client.exec!(sql);
  if (databaseEngine() === "postgres")
    await run(`CREATE OR REPLACE FUNCTION injected_fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER injected_fault BEFORE INSERT OR UPDATE ON pay_statements FOR EACH ROW EXECUTE FUNCTION injected_fault();`);
  else
    await run(
      "CREATE TRIGGER injected_fault BEFORE INSERT ON pay_statements BEGIN SELECT RAISE(ABORT, 'injected fault'); END;",
    );
  try {
    await body();
  } finally {
    await run(
      databaseEngine() === "postgres" ? "DROP TRIGGER injected_fault ON pay_statements" : "DROP TRIGGER injected_fault",
    );
  }
}

/** What a promise failed with, its cause included (PostgreSQL's driver wraps the database's message), or "committed". */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "committed",
    (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message ?? "")}`,
  );

describe("an import is wholly committed or not at all", () => {
  test("a failure while its statements are written leaves no earnings, no committed import, and the file still committable and discardable", async () => {
    const platform = name();
    const { platformId, courier, accountId } = await courierOn(platform);
    const id = await stageEarningsFile(
      admin.id,
      { platformId, weekStart: WEEK },
      received([`${platform};${accountId};2026-10-05;300;14;62,40;5,00`]),
    );
    await withFailingStatements(async () => {
      expect(await failureOf(commitImport(admin.id, id, NOW))).toContain("injected fault");
    });
    expect(await writerForTests().select().from(earnings).where(eq(earnings.platformId, platformId))).toEqual([]);
    expect((await findPendingImport(id))?.committedAt).toBeNull();
    expect(await statementOf(courier.id, WEEK)).toBeUndefined();
    // Still the pending file it was: previewed, then committed with its statement.
    expect((await previewImport(id)).status).toBe("ready");
    expect(await commitImport(admin.id, id, NOW)).toMatchObject({ added: 1 });
    expect((await statementOf(courier.id, WEEK))?.payCents).toBe(3750);

    const other = await stageEarningsFile(
      admin.id,
      { platformId, weekStart: WEEK },
      received([`${platform};${accountId};2026-10-06;60;1;10;0`]),
    );
    await withFailingStatements(async () => {
      expect(await failureOf(commitImport(admin.id, other, NOW))).toContain("injected fault");
    });
    await discardPendingImport(other);
    expect(await findPendingImport(other)).toBeUndefined();
  });

  test("impossible work never reaches the database: refused in the preview with its value, only plausible rows written", async () => {
    const platform = name();
    const { platformId, courier, accountId } = await courierOn(platform);
    const id = await stageEarningsFile(
      admin.id,
      { platformId, weekStart: WEEK },
      received([
        `${platform};${accountId};2026-10-05;999999999;1;10;0`,
        `${platform};${accountId};2026-10-06;20000;1;10;0`,
        `${platform};${accountId};2026-10-07;60;1;999999999,99;0`,
        `${platform};${accountId};2026-10-08;60;1;10;999999999,99`,
        `${platform};${accountId};2026-10-09;480;20;120,00;8,00`,
      ]),
    );
    const preview = await previewImport(id);
    if (preview.status !== "ready") throw new Error("needs mapping");
    expect(preview.problems.map((p) => [p.line, p.code, p.value])).toEqual([
      [2, "tooManyMinutes", "999999999"],
      [3, "tooManyMinutes", "20000"],
      [4, "grossTooHigh", "999999999,99"],
      [5, "tipsTooHigh", "999999999,99"],
    ]);
    expect(await commitImport(admin.id, id, NOW)).toEqual({ added: 1, changed: 0, unchanged: 0, skipped: 4 });
    const statement = await statementOf(courier.id, WEEK);
    expect([statement?.minutes, statement?.payCents, statement?.tipsCents]).toEqual([480, 6000, 800]);
  });
});

test("week totals past the 32-bit range (caps raised to their top) are refused before SQL, nothing written", async () => {
  const platform = name();
  const { platformId, courier, accountId } = await courierOn(platform);
  const accounts = [accountId];
  for (let i = 0; i < 3; i++) {
    accounts.push(`${accountId}-${i}`);
    await linkPlatformAccount(admin.id, {
      platformId,
      accountId: `${accountId}-${i}`,
      userId: courier.id,
      startsOn: "2026-09-01",
    });
  }
  // 24 account-days at 999 999,99 € each: every row under the cap, the courier's week over 21 million euros.
  const lines = accounts.flatMap((account) =>
    ["05", "06", "07", "08", "09", "10"].map((day) => `${platform};${account};2026-10-${day};60;1;999999,99;0`),
  );
  await writerForTests().insert(settings).values({ key: "maxDailyGrossCents", value: 100_000_000 });
  try {
    const id = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received(lines));
    const preview = await previewImport(id);
    expect(preview.status === "ready" && preview.problems).toEqual([]);
    expect(await failureOf(commitImport(admin.id, id, NOW))).toContain("outOfRange");
    expect(await writerForTests().select().from(earnings).where(eq(earnings.platformId, platformId))).toEqual([]);
    expect((await findPendingImport(id))?.committedAt).toBeNull();
    await discardPendingImport(id);
  } finally {
    await writerForTests().delete(settings).where(eq(settings.key, "maxDailyGrossCents"));
  }
});

test("a file's name with NUL or a bidi override is stored made safe, on either engine", async () => {
  const platform = name();
  const { platformId, accountId } = await courierOn(platform);
  const file = { ...received([`${platform};${accountId};2026-10-05;60;1;10;0`]), name: "week\u0000\u202Evsc.exe" };
  const id = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, file);
  expect((await findPendingImport(id))?.fileName).toBe("week__vsc.exe");
  await discardPendingImport(id);
});

describe("a correction of a frozen week is paid once, on the courier's next open week", () => {
  test("approved week + corrected file → a correction line on the next week with the difference in pay; the same file again adds nothing; a second correction adds only its own", async () => {
    const platform = name();
    const { platformId, courier, accountId } = await courierOn(platform);
    const row = (minutes: number, tips: string, day = "2026-10-06") =>
      `${platform};${accountId};${day};${minutes};12;54,60;${tips}`;
    await importLines(platformId, [row(240, "0")]);
    await approve(courier.id, WEEK);

    const corrected = [row(270, "1,20")];
    const id = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received(corrected));
    const preview = await previewImport(id);
    if (preview.status !== "ready") throw new Error("needs mapping");
    // 30 min at 7,50 €/h = 3,75 €, plus 1,20 € of tips.
    expect(preview.corrections).toEqual([
      {
        userId: courier.id,
        email: courier.email,
        fullName: courier.fullName,
        status: "approved",
        minutes: 30,
        grossCents: 0,
        tipsCents: 120,
        amountCents: 495,
        landsIn: NEXT,
      },
    ]);
    expect(await commitImport(admin.id, id, NOW)).toMatchObject({ changed: 1 });
    const [adjustment] = await adjustmentsOf(courier.id);
    expect(adjustment).toMatchObject({ weekStart: NEXT, kind: "correction", amountCents: 495 });
    expect(adjustment!.details).toMatchObject({ week: WEEK, platform, minutes: 30, tipsCents: 120, grossCents: 0 });
    // The approved statement is untouched; the next week's draft carries the line, readable in any language.
    expect((await statementOf(courier.id, WEEK))?.payCents).toBe(3000);
    const next = await statementOf(courier.id, NEXT);
    expect(next?.status).toBe("draft");
    expect(next?.adjustmentsCents).toBe(495);
    expect((next!.lines as StatementLine[]).find((l) => l.kind === "correction")).toMatchObject({
      key: "line.importCorrection",
      params: { week: WEEK, platform, minutes: 30, tipsCents: 120 },
    });

    // The same corrected file again: nothing to correct, nothing added.
    const again = await stageEarningsFile(admin.id, { platformId, weekStart: WEEK }, received(corrected));
    const second = await previewImport(again);
    expect(second.status === "ready" && second.corrections).toEqual([]);
    expect(await commitImport(admin.id, again, NOW)).toMatchObject({ changed: 0, unchanged: 1 });
    expect(await adjustmentsOf(courier.id)).toHaveLength(1);

    // A second correction takes 15 minutes back: only its own difference (−1,88 €, rounded on the week's totals).
    await importLines(platformId, [row(255, "1,20")]);
    const adjustments = await adjustmentsOf(courier.id);
    expect(adjustments.map((a) => a.amountCents)).toEqual([495, -187]);
    expect((await statementOf(courier.id, NEXT))?.adjustmentsCents).toBe(495 - 187);
  });

  test("a new day in a paid week is a correction too; a correction of a week still in draft just recomputes the draft", async () => {
    const platform = name();
    const { platformId, courier, accountId } = await courierOn(platform);
    await importLines(platformId, [`${platform};${accountId};2026-10-05;120;5;20;0`]);
    await writerForTests()
      .update(payStatements)
      .set({ status: "paid", approvedAt: NOW, paidAt: NOW, iban: "SK3112000000198742637541", holder: "T" })
      .where(and(eq(payStatements.userId, courier.id), eq(payStatements.weekStart, WEEK)));
    await importLines(platformId, [
      `${platform};${accountId};2026-10-05;120;5;20;0`,
      `${platform};${accountId};2026-10-07;60;5;20;2`,
    ]);
    expect((await adjustmentsOf(courier.id)).map((a) => [a.weekStart, a.amountCents])).toEqual([[NEXT, 750 + 200]]);

    // The next week is a draft: its own correction recomputes it, no adjustment.
    await importLines(platformId, [`${platform};${accountId};2026-10-13;60;2;10;0`], NEXT);
    await importLines(platformId, [`${platform};${accountId};2026-10-13;90;2;10;0`], NEXT);
    expect(await adjustmentsOf(courier.id)).toHaveLength(1);
    expect((await statementOf(courier.id, NEXT))?.payCents).toBe(1125);
  });
});
