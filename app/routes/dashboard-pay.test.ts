import { describe, expect, test } from "bun:test";
import { checkIban } from "~/domain/bank-details";
import { RATE_LIMITS } from "~/domain/rules";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../../tests/factories";
import { sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { insertStatement } from "../../tests/pay-fixtures";
import { call, readJson } from "../../tests/route-harness";
import { getBankAccount } from "~/models/bank-accounts.server";
import * as pay from "./dashboard-pay";
import * as pdf from "./dashboard-pay-pdf";

const IBAN = "SK3112000000198742637541";
const NEW_IBAN = "SK6807200002891987426353";
const UA_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36";

type Reply = {
  intent: string;
  lastResult: { initialValue: Record<string, string>; error: Record<string, string[]> | null };
};

async function post(cookie: string, form: Record<string, string>) {
  return await call(pay.action, "/dashboard/pay", {
    cookie,
    form: { intent: "bank", ...form },
    headers: { "User-Agent": UA_AGENT },
  });
}

describe("bank details on the Pay page", () => {
  test("both test IBANs are valid SEPA IBANs", () => {
    expect(checkIban(IBAN).ok && checkIban(NEW_IBAN).ok).toBe(true);
  });

  test("a bad IBAN comes back with what was typed (not the password) and a message; nothing is saved", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Jana Nováková" });
    const cookie = await sessionCookieHeader(courier.id);
    const response = await post(cookie, {
      iban: "SK31 1200 0000 1987 4263 7542",
      accountHolder: "Jana Nováková",
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(400);
    const body = await readJson<Reply>(response);
    expect(body.lastResult.error?.iban).toEqual(["bank.errors.ibanChecksum"]);
    expect(body.lastResult.initialValue).toMatchObject({
      iban: "SK31 1200 0000 1987 4263 7542",
      accountHolder: "Jana Nováková",
    });
    expect(body.lastResult.initialValue.password).toBeUndefined();
    expect(await getBankAccount(courier.id)).toBeNull();
  });

  test("the password is required, a wrong one is refused and counted against the account's log-in limit", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Jana Nováková" });
    const cookie = await sessionCookieHeader(courier.id);
    const missing = await post(cookie, { iban: IBAN, accountHolder: "Jana Nováková", password: "" });
    expect((await readJson<Reply>(missing)).lastResult.error?.password).toEqual(["bank.errors.passwordRequired"]);
    for (let i = 0; i < RATE_LIMITS.loginAccountFailures.limit; i++) {
      const wrong = await post(cookie, { iban: IBAN, accountHolder: "Jana Nováková", password: "not-the-password" });
      expect(wrong.status).toBe(401);
      expect((await readJson<Reply>(wrong)).lastResult.error?.password).toEqual(["bank.errors.passwordWrong"]);
    }
    // The limit is the log-in's: even the right password waits now.
    const locked = await post(cookie, { iban: IBAN, accountHolder: "Jana Nováková", password: TEST_PASSWORD });
    expect(locked.status).toBe(429);
    expect(await getBankAccount(courier.id)).toBeNull();
  });

  test("first save, then a change: the change e-mails the owner in their language with masked IBANs and the browser", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Olena Kovalenko", language: "ua" });
    const cookie = await sessionCookieHeader(courier.id);
    const mailsBefore = (await sentMails()).length;
    const first = await post(cookie, { iban: IBAN, accountHolder: "Olena Kovalenko", password: TEST_PASSWORD });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dashboard/pay#bank");
    expect((await sentMails()).length).toBe(mailsBefore);
    const changed = await post(cookie, { iban: NEW_IBAN, accountHolder: "Коваленко Олена", password: TEST_PASSWORD });
    expect(changed.status).toBe(302);
    expect(await getBankAccount(courier.id)).toMatchObject({ iban: NEW_IBAN, holderMismatch: false });
    const mail = parseMail((await sentMails()).at(-1)!);
    expect(mail.to).toContain(courier.email);
    expect(mail.subject).toBe("Рахунок для виплат змінено");
    expect(mail.text).toContain("**** **** **** **** **** 7541");
    expect(mail.text).toContain("**** **** **** **** **** 6353");
    expect(mail.text).not.toContain(NEW_IBAN);
    expect(mail.text).toContain("Chrome 150");
    expect(mail.links.some((link) => link.includes("/account/sessions"))).toBe(true);
    // "Call us" with the number comes from the company profile (app/models/company-profile.test.ts).
  });

  test("a holder name a bank transfer cannot carry is refused with its message; nothing is saved", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Олена Щербак", language: "ua" });
    const cookie = await sessionCookieHeader(courier.id);
    const cases: [string, string][] = [
      ["ЬЬЬ", "bank.errors.holderNoLetters"],
      ["’’’", "bank.errors.holderNoLetters"],
      ["Щ".repeat(20), "bank.errors.holderTooLongForBank"],
    ];
    for (const [holder, key] of cases) {
      const response = await post(cookie, { iban: IBAN, accountHolder: holder, password: TEST_PASSWORD });
      expect({ holder, status: response.status }).toEqual({ holder, status: 400 });
      expect((await readJson<Reply>(response)).lastResult.error?.accountHolder).toEqual([key]);
    }
    expect(await getBankAccount(courier.id)).toBeNull();
    const saved = await post(cookie, { iban: IBAN, accountHolder: "Щербак Олена", password: TEST_PASSWORD });
    expect(saved.status).toBe(302);
  });

  test("the page's data shows the IBAN masked", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Jana Nováková" });
    const cookie = await sessionCookieHeader(courier.id);
    await post(cookie, { iban: IBAN, accountHolder: "Peter Novák", password: TEST_PASSWORD });
    const page = await readJson<{ bank: { iban: string; holderMismatch: boolean } }>(
      await call(pay.loader, "/dashboard/pay", { cookie }),
    );
    expect(page.bank).toMatchObject({ iban: "**** **** **** **** **** 7541", holderMismatch: true });
  });
});

describe("statement PDF", () => {
  test("the owner gets an attachment that is a PDF; another courier 404; logged out goes to log in", async () => {
    const courier = await createUser({ status: "working_with_vehicle", fullName: "Ľubomír Šťastný" });
    const other = await createUser({ status: "working_with_vehicle" });
    const { statement } = await insertStatement(courier.id, "2026-11-09", { status: "exported" });
    const path = `/dashboard/pay/statements/${statement.id}.pdf`;
    const mine = await call(pdf.loader, path, {
      cookie: await sessionCookieHeader(courier.id),
      params: { file: `${statement.id}.pdf` },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(mine.headers.get("Cache-Control")).toContain("no-store");
    expect(mine.headers.get("Content-Disposition")).toBe('attachment; filename="pay-statement-2026-11-09.pdf"');
    expect(new TextDecoder().decode((await mine.arrayBuffer()).slice(0, 4))).toBe("%PDF");
    const theirs = await call(pdf.loader, path, {
      cookie: await sessionCookieHeader(other.id),
      params: { file: `${statement.id}.pdf` },
    });
    expect(theirs.status).toBe(404);
    const junk = await call(pdf.loader, "/dashboard/pay/statements/x.pdf", {
      cookie: await sessionCookieHeader(courier.id),
      params: { file: "x.pdf" },
    });
    expect(junk.status).toBe(404);
    const anonymous = await call(pdf.loader, path, { params: { file: `${statement.id}.pdf` } });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("login");
  });
});

describe("questions through the page", () => {
  test("a question without text comes back with a message; another courier's statement is 404", async () => {
    const courier = await createUser({ status: "working_with_vehicle" });
    const other = await createUser({ status: "working_with_vehicle" });
    const { statement } = await insertStatement(courier.id, "2026-11-09");
    const cookie = await sessionCookieHeader(courier.id);
    const empty = await call(pay.action, "/dashboard/pay", {
      cookie,
      form: { intent: "question", statementId: String(statement.id), lineIndex: "0", body: " " },
    });
    expect(empty.status).toBe(400);
    expect((await readJson<{ error: string }>(empty)).error).toBe("Write your question.");
    const foreign = await call(pay.action, "/dashboard/pay", {
      cookie: await sessionCookieHeader(other.id),
      form: { intent: "question", statementId: String(statement.id), lineIndex: "0", body: "Why?" },
    });
    expect(foreign.status).toBe(404);
    const sent = await call(pay.action, "/dashboard/pay", {
      cookie,
      form: { intent: "question", statementId: String(statement.id), lineIndex: "1", body: "Tips?" },
    });
    expect(sent.status).toBe(302);
  });
});
