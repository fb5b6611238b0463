import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, outbox, users } from "~db/schema";
import { seedDemoData } from "~db/seed";
import { DEMO_ADMIN, DEMO_COMPANY } from "~db/seed-content";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { payoutAccountChangedMail } from "~/services/account-mail.server";
import { ownStatementPdf } from "~/services/courier-statement.server";
import { payoutDebtor } from "~/services/payout-file.server";
import { clearCompanyProfile, createUser } from "../../tests/factories";
import { insertStatement } from "../../tests/pay-fixtures";
import {
  CompanyProfileError,
  getCompanyProfile,
  getCompanyProfileForEdit,
  saveCompanyProfile,
} from "./company-profile.server";
import { queueMailAlone } from "./outbox.server";

const admin = await createUser({ role: "admin", fullName: "Jana Adminová" });
const other = await createUser({ role: "admin", fullName: "Peter Druhý" });

const dir = mkdtempSync(path.join(tmpdir(), "company-profile-"));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await clearCompanyProfile();
});
afterEach(clearCompanyProfile);

const NEW_COMPANY = {
  legalName: "Nová Flotila s.r.o.",
  address: "Hlavná 1, 040 01 Košice",
  ico: "35763469",
  registerEntry: "Obchodný register Mestského súdu Košice, oddiel Sro, vložka č. 1234/V",
  email: "kontakt@novaflotila.sk",
  phone: "+421 55 123 4567",
  payoutName: "Nova Flotila s.r.o.",
  payoutIban: "SK3112000000198742637541",
};

/** The configuration's debtor, set for one test and put back after. */
async function withConfiguredDebtor<T>(debtor: { name?: string; iban?: string; bic?: string }, body: () => Promise<T>) {
  const configured = config().payoutDebtor as { name?: string; iban?: string; bic?: string };
  const saved = { ...configured };
  Object.assign(configured, debtor);
  try {
    return await body();
  } finally {
    Object.assign(configured, saved);
  }
}

describe("company profile", () => {
  test("a new installation has an empty profile; PAYOUT_DEBTOR_* give the payout account its first value", async () => {
    await withConfiguredDebtor({ name: undefined, iban: undefined, bic: undefined }, async () => {
      expect(await getCompanyProfile()).toEqual({});
      expect(await getCompanyProfileForEdit()).toEqual({ profile: {}, version: 0 });
    });
    await withConfiguredDebtor({ name: "Env Company s.r.o.", iban: "SK8975000000000012345671" }, async () => {
      expect(await getCompanyProfile()).toMatchObject({
        payoutName: "Env Company s.r.o.",
        payoutIban: "SK8975000000000012345671",
      });
      // Once the profile holds an account, the configuration no longer speaks.
      await saveCompanyProfile(admin.id, 0, NEW_COMPANY);
      expect(await getCompanyProfile()).toEqual(NEW_COMPANY);
    });
  });

  test("a save is read at once, bumps the version and is audited with the changed fields only", async () => {
    const first = await saveCompanyProfile(admin.id, 0, NEW_COMPANY);
    expect(first.version).toBe(1);
    const second = await saveCompanyProfile(admin.id, 1, { ...NEW_COMPANY, phone: "+421 55 765 4321", vatId: "" });
    expect(second).toEqual({ version: 2, changed: ["phone"] });
    expect(await getCompanyProfileForEdit()).toEqual({
      profile: { ...NEW_COMPANY, phone: "+421 55 765 4321" },
      version: 2,
    });
    const [entry] = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company_profile.update"), eq(auditLog.actorId, admin.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      entityType: "company_profile",
      before: { phone: "+421 55 123 4567" },
      after: { phone: "+421 55 765 4321" },
    });
  });

  test("two admins editing at once: the second save is refused and the first one's values stay", async () => {
    await saveCompanyProfile(admin.id, 0, NEW_COMPANY);
    const { version } = await getCompanyProfileForEdit();
    await saveCompanyProfile(admin.id, version, { ...NEW_COMPANY, email: "jana@novaflotila.sk" });
    const refused = await saveCompanyProfile(other.id, version, { ...NEW_COMPANY, email: "peter@novaflotila.sk" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CompanyProfileError);
    expect((await getCompanyProfile()).email).toBe("jana@novaflotila.sk");
  });

  test("saves posted at the same moment against one version: exactly one wins (the first save too)", async () => {
    for (const version of [0, 1]) {
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          saveCompanyProfile(i % 2 ? admin.id : other.id, version, { ...NEW_COMPANY, email: `admin${i}@example.com` }),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((r) => r.status === "rejected"))
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(CompanyProfileError);
      expect((await getCompanyProfileForEdit()).version).toBe(version + 1);
    }
  });
});

describe("the demo seed", () => {
  test("a demo seeded before the profile existed gets the demo company, never over a saved profile", async () => {
    // Without the demo admin (a real installation) nothing is written.
    await seedDemoData();
    expect((await getCompanyProfileForEdit()).version).toBe(0);
    const demoAdmin = await createUser({ email: DEMO_ADMIN.email, role: "admin" });
    try {
      await seedDemoData();
      expect(await getCompanyProfileForEdit()).toEqual({ profile: DEMO_COMPANY, version: 1 });
      await saveCompanyProfile(admin.id, 1, NEW_COMPANY);
      await seedDemoData();
      expect(await getCompanyProfile()).toEqual(NEW_COMPANY);
    } finally {
      await writerForTests().delete(users).where(eq(users.id, demoAdmin.id));
    }
  });
});

describe("readers of the profile", () => {
  async function lastMailTo(to: string) {
    const [row] = await writerForTests()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, to))
      .orderBy(desc(outbox.id))
      .limit(1);
    return row!;
  }

  test("every e-mail ends with the company's name, address, IČO and contacts; an empty profile adds nothing", async () => {
    await saveCompanyProfile(admin.id, 0, NEW_COMPANY);
    await queueMailAlone({
      to: "footer@example.com",
      subject: "S",
      text: "Body",
      html: "<html><body><p>Body</p></body></html>",
      language: "en",
    });
    const mail = await lastMailTo("footer@example.com");
    expect(mail.text).toBe(
      "Body\n\n-- \nNová Flotila s.r.o., Hlavná 1, 040 01 Košice\nCompany ID (IČO) 35 763 469\nkontakt@novaflotila.sk · +421 55 123 4567",
    );
    expect(mail.html).toContain("Nová Flotila s.r.o., Hlavná 1, 040 01 Košice<br>");
    // A Telegram message stays short: no footer.
    await queueMailAlone({ to: "5550009", channel: "telegram", subject: "S", text: "Body", language: "en" });
    expect((await lastMailTo("5550009")).text).toBe("Body");
    await clearCompanyProfile();
    await withConfiguredDebtor({ name: undefined, iban: undefined }, () =>
      queueMailAlone({ to: "plain@example.com", subject: "S", text: "Body", language: "sk" }),
    );
    expect((await lastMailTo("plain@example.com")).text).toBe("Body");
  });

  test("the payout-account-changed e-mail says whom to call: the profile's support phone, when set", () => {
    const values = { oldIban: "**** 7541", newIban: "**** 5671", device: "Firefox", time: "28. 11. 2026 11:00" };
    const to = { email: "c@example.com", language: "en" };
    const withPhone = payoutAccountChangedMail(to, values, { phone: "+421 55 123 4567" });
    expect(withPhone.text).toContain("And call us at once: +421 55 123 4567");
    expect(withPhone.html).toContain("<p>And call us at once: +421 55 123 4567</p>");
    expect(payoutAccountChangedMail(to, values, {}).text).not.toContain("call us");
  });

  test("the SEPA debtor is the profile's payout account", async () => {
    await withConfiguredDebtor({ name: "Env Company s.r.o.", iban: "SK8975000000000012345671" }, async () => {
      await saveCompanyProfile(admin.id, 0, { ...NEW_COMPANY, payoutBic: "TATRSKBX" });
      expect(payoutDebtor(await getCompanyProfile())).toEqual({
        name: "Nova Flotila s.r.o.",
        iban: "SK3112000000198742637541",
        bic: "TATRSKBX",
      });
    });
  });

  test("the statement PDF names the profile's company as the payer", async () => {
    await saveCompanyProfile(admin.id, 0, DEMO_COMPANY);
    const courier = await createUser({ status: "working_with_vehicle", fullName: "Olena Kovalenko" });
    const { statement } = await insertStatement(courier.id, "2026-11-09", { status: "exported" });
    const pdf = await ownStatementPdf(
      { id: courier.id, email: courier.email, fullName: "Olena Kovalenko" },
      statement.id,
      "en",
    );
    const file = path.join(dir, "statement.pdf");
    writeFileSync(file, pdf!.bytes);
    const text = Bun.spawnSync(["pdftotext", "-enc", "UTF-8", "-layout", file, "-"]).stdout.toString();
    expect(text).toContain("Courier Fleet s.r.o.");
    expect(text).toContain("Mlynské nivy 5, 821 09 Bratislava");
    expect(text).toContain("IČO: 55 123 456");
  });
});
