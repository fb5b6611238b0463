import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import {
  applications,
  auditLog,
  bankAccounts,
  payoutBatches,
  payQuestions,
  payStatements,
  platformAccounts,
  platforms,
} from "~db/schema";
import { DEMO_PLATFORMS, seedDemoPay } from "~db/seed-pay";
import { bankDetailsFormSchema, checkIban } from "~/domain/bank-details";
import { transaction, writerForTests } from "~/infra/db.server";
import { createUser, refusalKey } from "../../tests/factories";
import { sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { createPlatformRow, importDays, insertStatement, linkAccount } from "../../tests/pay-fixtures";
import { eraseUser } from "./admin-users.server";
import { getBankAccount, saveBankAccount } from "./bank-accounts.server";
import { getOwnStatement, hasPayHistory, listOwnStatements, nextPayout, weekSoFar } from "./courier-pay.server";
import {
  addCourierQuestionMessage,
  askAboutLine,
  listOwnQuestions,
  listPayQuestions,
  PayQuestionError,
  replyToPayQuestion,
  resolvePayQuestion,
} from "./pay-questions.server";
import { collectUserData } from "./privacy.server";
import { getPaySettings } from "./settings.server";

const admin = await createUser({ role: "admin" });
const IBAN = "SK3112000000198742637541";
const OTHER_IBAN = "SK6807200002891987426353";

async function courierWithApplication(fullName: string, language: "sk" | "ua" | "en" = "en") {
  const user = await createUser({ status: "working_no_vehicle", fullName, language });
  await writerForTests()
    .insert(applications)
    .values({ userId: user.id, fullName, age: 30, phone: "+421903123456", contactMethod: "phone", status: "approved" });
  return user;
}

describe("bank details", () => {
  test("the form refuses a bad checksum, a non-SEPA country and a missing password, with translation keys", () => {
    const bad = bankDetailsFormSchema.safeParse({
      iban: "SK3112000000198742637542",
      accountHolder: "Jana Nováková",
      password: "x",
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["bank.errors.ibanChecksum"]);
    const notSepa = bankDetailsFormSchema.safeParse({
      iban: "BR1500000000000010932840814P2",
      accountHolder: "Jana Nováková",
      password: "x",
    });
    expect(notSepa.error?.issues.map((i) => i.message)).toEqual(["bank.errors.ibanNotSepa"]);
    const noPassword = bankDetailsFormSchema.safeParse({
      iban: "sk31 1200 0000 1987 4263 7541",
      accountHolder: "Jana Nováková",
      password: "",
    });
    expect(noPassword.error?.issues.map((i) => i.message)).toEqual(["bank.errors.passwordRequired"]);
    expect(
      bankDetailsFormSchema.parse({
        iban: "sk31 1200 0000 1987 4263 7541",
        accountHolder: "Jana Nováková",
        password: "x",
      }).iban,
    ).toBe(IBAN);
  });

  test("the holder is compared with the application's name; a mismatch is stored; every change is audited and dated", async () => {
    const courier = await courierWithApplication("Jana Nováková");
    const first = await saveBankAccount(
      courier.id,
      { iban: IBAN, accountHolder: "NOVAKOVA Jana" },
      new Date("2026-11-10T10:00:00Z"),
    );
    expect(first).toMatchObject({ before: null, changed: true, after: { holderMismatch: false } });
    const same = await saveBankAccount(courier.id, { iban: IBAN, accountHolder: "NOVAKOVA Jana" });
    expect(same.changed).toBe(false);
    const second = await saveBankAccount(
      courier.id,
      { iban: OTHER_IBAN, accountHolder: "Peter Novák" },
      new Date("2026-11-12T10:00:00Z"),
    );
    expect(second.after).toMatchObject({
      iban: OTHER_IBAN,
      holderMismatch: true,
      changedAt: new Date("2026-11-12T10:00:00Z"),
    });
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "bank_account.change"), eq(auditLog.entityId, courier.id)))
      .orderBy(auditLog.id);
    expect(audits).toHaveLength(2);
    // The log keeps no full IBAN.
    expect(JSON.stringify(audits)).not.toContain(OTHER_IBAN);
    expect(audits[1]!.after).toMatchObject({ iban: "**** **** **** **** **** 6353", holderMismatch: true });
  });
});

describe("the week so far", () => {
  test("sums the imported days of two platform accounts, one of them handed over mid-week", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const successor = await createUser({ status: "working_with_vehicle" });
    const [wolt, bolt] = [await createPlatformRow(), await createPlatformRow()];
    // Wolt account W-1 is the courier's until Tuesday, then someone else's.
    await linkAccount(wolt.id, "W-1", courier.id, "2026-10-01", "2026-11-17");
    await linkAccount(wolt.id, "W-1", successor.id, "2026-11-18");
    await linkAccount(bolt.id, "B-7", courier.id, "2026-11-01");
    const day = (accountId: string, date: string, minutes: number, grossCents: number, tipsCents = 0) => ({
      accountId,
      day: date,
      minutes,
      deliveries: 5,
      grossCents,
      tipsCents,
    });
    await importDays(wolt.id, "2026-11-16", [
      day("W-1", "2026-11-16", 240, 4000, 300),
      day("W-1", "2026-11-17", 120, 2000),
      day("W-1", "2026-11-18", 480, 9900),
      day("W-1", "2026-11-09", 480, 9900),
    ]);
    await importDays(bolt.id, "2026-11-16", [
      day("B-7", "2026-11-17", 60, 1500, 100),
      day("B-7", "2026-11-19", 180, 3000),
    ]);
    const settings = await getPaySettings();
    const now = new Date("2026-11-19T20:00:00Z");
    const week = await weekSoFar(courier.id, settings, now);
    // 16th and 17th on Wolt, 17th and 19th on Bolt: three days, not the successor's 18th nor last week's 9th.
    expect(week).toMatchObject({
      week: "2026-11-16",
      days: 3,
      minutes: 600,
      deliveries: 20,
      grossCents: 10_500,
      tipsCents: 400,
      lastDay: "2026-11-19",
    });
    // 10 h at 7.50 EUR = 75.00 EUR, plus 4.00 EUR tips.
    expect(week.beforeDeductionsCents).toBe(settings.hourlyRateCents * 10 + 400);
    expect((await weekSoFar(successor.id, settings, now)).minutes).toBe(480);
    expect(await hasPayHistory(courier.id)).toBe(true);
    expect(await hasPayHistory(admin.id)).toBe(false);
  });
});

describe("statements", () => {
  test("the courier's own, newest first; another courier's id is not found; the next payday's amount", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const other = await createUser({ status: "working_with_vehicle" });
    const older = await insertStatement(courier.id, "2026-11-02", { status: "paid" });
    const newer = await insertStatement(courier.id, "2026-11-09", { status: "approved" });
    const theirs = await insertStatement(other.id, "2026-11-09");
    const list = await listOwnStatements(courier.id);
    expect(list.map((s) => s.id)).toEqual([newer.statement.id, older.statement.id]);
    expect(list[1]).toMatchObject({ status: "paid", batchPayday: "2026-11-13", batchStatus: "paid" });
    expect(list[0]!.lines.map((l) => l.kind)).toEqual(["pay", "tips", "rent"]);
    expect(await getOwnStatement(courier.id, theirs.statement.id)).toBeNull();
    const settings = await getPaySettings();
    // Thursday 12 November: the payday ahead is Friday 13th, paying the week of 2 November.
    expect(await nextPayout(courier.id, settings, new Date("2026-11-12T10:00:00Z"))).toMatchObject({
      payday: "2026-11-13",
      week: "2026-11-02",
      statement: { payoutCents: older.computed.payoutCents },
    });
    expect((await nextPayout(courier.id, settings, new Date("2026-11-26T10:00:00Z"))).statement).toBeNull();
  });
});

describe("questions on a statement line", () => {
  test("ask, reply (e-mailed in the courier's language), resolve; only on one's own statement", async () => {
    const courier = await createUser({ status: "working_with_vehicle", language: "sk" });
    const other = await createUser({ status: "working_with_vehicle" });
    const { statement } = await insertStatement(courier.id, "2026-11-09");
    const refused = (run: () => unknown) => refusalKey(PayQuestionError, run);
    expect(await refused(() => askAboutLine(other.id, statement.id, 0, "Why?"))).toBe("notFound");
    expect(await refused(() => askAboutLine(courier.id, statement.id, 9, "Why?"))).toBe("notFound");
    const question = await askAboutLine(courier.id, statement.id, 2, "Prečo 7 dní nájmu?");
    expect(question).toMatchObject({ lineKind: "rent", status: "open" });
    expect(await refused(() => addCourierQuestionMessage(other.id, question.id, "Me too"))).toBe("notFound");
    await addCourierQuestionMessage(courier.id, question.id, "Skúter som vrátil v stredu.");
    await replyToPayQuestion(admin.id, question.id, "Opravíme to v ďalšom týždni.");
    const mail = (await sentMails()).map(parseMail).findLast((m) => m.to.includes(courier.email))!;
    expect(mail).toBeDefined();
    expect(mail.subject).toBe("Odpoveď na vašu otázku k výplatnej páske");
    expect(mail.text).toContain("/dashboard/pay#questions");
    const [mine] = await listOwnQuestions(courier.id);
    expect(mine!.thread.map((m) => m.from)).toEqual(["courier", "courier", "admin"]);
    expect((await listPayQuestions()).find((q) => q.id === question.id)).toMatchObject({
      status: "open",
      line: { kind: "rent" },
    });
    await resolvePayQuestion(admin.id, question.id);
    expect(await refused(() => resolvePayQuestion(admin.id, question.id))).toBe("alreadyResolved");
    expect(await refused(() => addCourierQuestionMessage(courier.id, question.id, "And?"))).toBe("closed");
    const actions = (
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, "pay_question"), eq(auditLog.entityId, question.id)))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(["pay_question.reply", "pay_question.resolve"]);
  });
});

describe("privacy", () => {
  test("the export has statements with lines, payouts, bank details, platform accounts and questions", async () => {
    const courier = await courierWithApplication("Olena Kovalenko", "ua");
    const platform = await createPlatformRow();
    await linkAccount(platform.id, `EXP-${courier.id}`, courier.id, "2026-11-01");
    const { statement, batch } = await insertStatement(courier.id, "2026-11-02", { status: "paid" });
    await saveBankAccount(courier.id, { iban: IBAN, accountHolder: "Olena Kovalenko" });
    await askAboutLine(courier.id, statement.id, 0, "Скільки годин?");
    const data = (await collectUserData(courier.id))!;
    expect(data.statements).toHaveLength(1);
    expect(data.statements[0]!.lines.length).toBeGreaterThan(0);
    expect(data.payouts).toEqual([
      expect.objectContaining({ statementId: statement.id, payday: batch!.payday, status: "paid" }),
    ]);
    expect(data.bankAccount).toMatchObject({ iban: IBAN, holder: "Olena Kovalenko", holderMismatch: false });
    expect(data.platformAccounts).toEqual([
      expect.objectContaining({ platform: platform.name, accountId: `EXP-${courier.id}` }),
    ]);
    expect(data.payQuestions[0]!.messages[0]!.body).toBe("Скільки годин?");
  });

  test("erasure keeps statements and their payout batch (user_id null, iban snapshot) and removes bank details, links and questions", async () => {
    const courier = await courierWithApplication("Ivan Petrenko");
    const platform = await createPlatformRow();
    await linkAccount(platform.id, `ERASE-${courier.id}`, courier.id, "2026-11-01");
    const { statement, batch } = await insertStatement(courier.id, "2026-11-02", {
      status: "paid",
      iban: IBAN,
      holder: "Ivan Petrenko",
    });
    await saveBankAccount(courier.id, { iban: IBAN, accountHolder: "Ivan Petrenko" });
    await askAboutLine(courier.id, statement.id, 0, "?");
    await eraseUser(admin.id, courier.id);
    const [kept] = await writerForTests().select().from(payStatements).where(eq(payStatements.id, statement.id));
    expect(kept).toMatchObject({
      userId: null,
      iban: IBAN,
      holder: "Ivan Petrenko",
      status: "paid",
      batchId: batch!.id,
    });
    expect(await writerForTests().select().from(payoutBatches).where(eq(payoutBatches.id, batch!.id))).toHaveLength(1);
    expect(await getBankAccount(courier.id)).toBeNull();
    expect(await writerForTests().select().from(bankAccounts).where(eq(bankAccounts.userId, courier.id))).toHaveLength(
      0,
    );
    expect(
      await writerForTests().select().from(platformAccounts).where(eq(platformAccounts.userId, courier.id)),
    ).toHaveLength(0);
    expect(
      await writerForTests().select().from(payQuestions).where(eq(payQuestions.statementId, statement.id)),
    ).toHaveLength(0);
  });
});

describe("demo seed", () => {
  test("platforms, an account per courier, two full weeks of days before now and valid bank details", async () => {
    const couriers = [await courierWithApplication("Oksana Demo"), await courierWithApplication("Olena Kovalenko")];
    const now = new Date("2026-11-25T12:00:00Z");
    await transaction((tx) =>
      seedDemoPay(
        tx,
        couriers.map((c) => ({ id: c.id, fullName: c.fullName! })),
        admin.id,
        now,
      ),
    );
    const names = (await writerForTests().select({ name: platforms.name }).from(platforms)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([...DEMO_PLATFORMS]));
    const settings = await getPaySettings();
    for (const courier of couriers) {
      // Both weeks before the week of "now" have days; the current week has none.
      for (const day of ["2026-11-12T12:00:00Z", "2026-11-19T12:00:00Z"])
        expect((await weekSoFar(courier.id, settings, new Date(day))).days).toBeGreaterThanOrEqual(5);
      expect((await weekSoFar(courier.id, settings, now)).days).toBe(0);
      const bank = (await getBankAccount(courier.id))!;
      expect(checkIban(bank.iban).ok).toBe(true);
      expect(bank.holderMismatch).toBe(false);
    }
  });
});
