/**
 * The rules form saved by twenty admins at once (docs/fleet-rules.md, "Rules"): one save wins; the
 * other nineteen get 409 with what they typed, so nothing is lost, and nothing of theirs is written.
 * On PostgreSQL the pool is cut to 2 connections and each insert of a change is held open a moment, so
 * the saves surely overlap.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, gte, inArray } from "drizzle-orm";
import { auditLog, ruleChanges, settings } from "~db/schema";
import { OPERATOR_RULE_KEYS } from "~/domain/operator-rules";
import { addWeeks } from "~/domain/pay-week";
import { config } from "~/infra/config.server";
import { closeDatabase, databaseEngine, migrateDatabase, writerForTests } from "~/infra/db.server";
import { rulesPage, RulesError, savePayRules } from "~/models/operator-rules.server";
import { hit } from "~/models/limits.server";
import { getSettings, getPaySettingsForWeek } from "~/models/settings.server";
import { actors } from "../../../tests/admin-fixtures";
import { slowWrites } from "../../../tests/raw-sql";
import { call, readJson } from "../../../tests/route-harness";
import * as rules from "./settings-rules";

const POSTS = 20;
const pool = config().databasePool;
const poolBefore = pool.poolSize;
let adminCookie = "";
let adminId = 0;
let before: Awaited<ReturnType<typeof getSettings>>;

async function reopenPool(size: number) {
  if (databaseEngine() !== "postgres") return;
  await closeDatabase();
  pool.poolSize = size;
  await migrateDatabase();
}

beforeAll(async () => {
  await reopenPool(2);
  const { admin, adminCookie: cookie } = await actors();
  adminCookie = cookie;
  adminId = admin.id;
  before = await getSettings();
});
afterAll(async () => {
  // Other test files share the database: the defaults come back.
  await writerForTests()
    .delete(settings)
    .where(inArray(settings.key, [...OPERATOR_RULE_KEYS]));
  await writerForTests().delete(ruleChanges).where(gte(ruleChanges.effectiveFrom, "2047-01-01"));
  await writerForTests().delete(ruleChanges).where(eq(ruleChanges.kind, "operator"));
  await reopenPool(poolBefore);
});

/** The operator form as the page shows it now. */
function operatorForm(revision: number): Record<string, string> {
  return {
    intent: "operator",
    revision: String(revision),
    ...Object.fromEntries(OPERATOR_RULE_KEYS.map((key) => [key, String(before[key])])),
  };
}

describe(`${POSTS} admins saving the rules at once`, () => {
  test("the rules that apply at once: one wins, nineteen are told with their values kept, nothing of theirs written", async () => {
    const { revision } = await rulesPage();
    const restore = await slowWrites("rule_changes", "insert", "true", 200);
    let answers: Response[];
    try {
      answers = await Promise.all(
        Array.from({ length: POSTS }, (_, i) =>
          call(rules.action, "/admin/settings/rules", {
            cookie: adminCookie,
            form: {
              ...operatorForm(revision),
              leaseDays: String(31 + i),
              leaseRenewalWindowDays: "6",
              problemReportCooldownHours: "12",
            },
          }),
        ),
      );
    } finally {
      await restore();
    }
    const won = answers.flatMap((answer, i) => (answer.status === 302 ? [31 + i] : []));
    const refused = answers.filter((answer) => answer.status === 409);
    expect({ won: won.length, refused: refused.length }).toEqual({ won: 1, refused: POSTS - 1 });
    // Each refused admin gets back what they typed, and is told.
    const leaseDaysTyped = new Set<string>();
    for (const answer of refused) {
      const body = await readJson<{ conflict: boolean; typed: Record<string, string>; formError: string }>(answer);
      expect(body.conflict).toBe(true);
      expect(body.formError).toBeTruthy();
      leaseDaysTyped.add(body.typed.leaseDays!);
    }
    expect(leaseDaysTyped.size).toBe(POSTS - 1);
    expect(leaseDaysTyped.has(String(won[0]))).toBe(false);
    // Only the winner's values are in force, written once with one audit entry.
    const after = await getSettings();
    expect(after).toMatchObject({ leaseDays: won[0], leaseRenewalWindowDays: 6, problemReportCooldownHours: 12 });
    const changes = await writerForTests()
      .select()
      .from(ruleChanges)
      .where(eq(ruleChanges.revision, revision + 1));
    expect(changes).toHaveLength(1);
    const audited = await writerForTests().select().from(auditLog).where(eq(auditLog.action, "rules.operator_change"));
    expect(audited.filter((entry) => entry.entityId === revision + 1)).toHaveLength(1);
  }, 30_000);

  test("a bad value is refused with its message and the typed values kept; nothing is written", async () => {
    const { revision } = await rulesPage();
    const answer = await call(rules.action, "/admin/settings/rules?lng=en", {
      cookie: adminCookie,
      form: {
        ...operatorForm(revision),
        leaseDays: "30",
        leaseRenewalWindowDays: "45",
        problemReportCooldownHours: "0",
      },
    });
    expect(answer.status).toBe(400);
    const body = await readJson<{ fieldErrors: Record<string, string>; typed: Record<string, string> }>(answer);
    expect(body.fieldErrors.problemReportCooldownHours).toContain("1 to 168");
    expect(body.typed.leaseRenewalWindowDays).toBe("45");
    expect((await rulesPage()).revision).toBe(revision);
  });

  test("the money rules: twenty saves of one revision, one wins and the rest are refused as stale", async () => {
    // Weeks of 2047, far from every other file's statements; "now" is a Wednesday before them.
    const now = new Date("2047-01-09T10:00:00Z");
    const { revision, inForce } = await rulesPage(now);
    const week = addWeeks("2047-01-07", 2);
    const restore = await slowWrites("rule_changes", "insert", "true", 200);
    let outcomes: (number | string)[];
    try {
      outcomes = await Promise.all(
        Array.from({ length: POSTS }, (_, i) =>
          savePayRules(adminId, { ...inForce, rentPerDayCents: 600 + i }, week, revision, now).then(
            (saved) => saved.revision,
            (error: unknown) => (error instanceof RulesError ? error.key : String(error)),
          ),
        ),
      );
    } finally {
      await restore();
    }
    expect(outcomes.filter((o) => o === revision + 1)).toHaveLength(1);
    expect(outcomes.filter((o) => o === "stale")).toHaveLength(POSTS - 1);
    const winner = 600 + outcomes.indexOf(revision + 1);
    expect((await getPaySettingsForWeek(week)).rentPerDayCents).toBe(winner);
    expect((await getPaySettingsForWeek(addWeeks(week, -1))).rentPerDayCents).not.toBe(winner);
  }, 30_000);

  test("an edited rate limit is the one enforced", async () => {
    const { revision } = await rulesPage();
    const answer = await call(rules.action, "/admin/settings/rules", {
      cookie: adminCookie,
      form: { ...operatorForm(revision), ...(await currentOperator()), rateLimitAssistant: "2" },
    });
    expect(answer.status).toBe(302);
    const subject = `rules-test-${Date.now()}`;
    expect((await hit("assistant", subject)).ok).toBe(true);
    expect((await hit("assistant", subject)).ok).toBe(true);
    expect((await hit("assistant", subject)).ok).toBe(false);
  });
});

async function currentOperator() {
  const now = await getSettings();
  return Object.fromEntries(OPERATOR_RULE_KEYS.map((key) => [key, String(now[key])]));
}
