import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  buildAccountantCsv,
  buildSepaPayoutFile,
  endToEndId,
  payoutDebtor,
  PayoutFileError,
  remittanceText,
  type PayoutBatch,
  type PayoutItem,
} from "./payout-file.server";

const SCHEMA = path.resolve(import.meta.dirname, "../../tests/fixtures/standards/pain.001.001.09.xsd");
const dir = mkdtempSync(path.join(tmpdir(), "payout-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** xmllint's verdict on a file against the EPC schema. */
function validate(xml: string, name: string) {
  const file = path.join(dir, `${name}.xml`);
  writeFileSync(file, xml);
  const run = Bun.spawnSync(["xmllint", "--noout", "--schema", SCHEMA, file]);
  return { ok: run.exitCode === 0, output: run.stderr.toString() };
}

const items: PayoutItem[] = [
  {
    statementId: 41,
    creditorName: "Šťastný Ľubomír",
    creditorIban: "SK31 1200 0000 1987 4263 7541",
    amountCents: 28_734,
    weekStart: "2026-11-16",
  },
  {
    statementId: 42,
    creditorName: "Олена Коваленко",
    creditorIban: "de89370400440532013000",
    amountCents: 1,
    weekStart: "2026-11-16",
  },
  {
    statementId: 43,
    creditorName: "Юлія Щербак",
    creditorIban: "AT611904300234573201",
    amountCents: 100_005,
    weekStart: "2026-11-16",
  },
];
const batch = (over: Partial<PayoutBatch> = {}): PayoutBatch => ({
  batchId: 7,
  items,
  debtor: { name: "Courier Fleet s.r.o.", iban: "SK8975000000000012345671", bic: "CEKOSKBX" },
  paydayWeekday: 5,
  today: "2026-11-23",
  createdAt: new Date("2026-11-23T09:15:00Z"),
  ...over,
});

describe("the SEPA payout file", () => {
  test("validates against pain.001.001.09 and carries one transaction per statement", () => {
    const file = buildSepaPayoutFile(batch());
    expect(validate(file.xml, "basic")).toEqual({ ok: true, output: expect.stringContaining("validates") });
    expect(file).toMatchObject({ messageId: "CF-PB-7", transactionCount: 3, controlSumCents: 128_740 });
    expect(file.xml).toContain("<MsgId>CF-PB-7</MsgId>");
    expect(file.xml).toContain("<NbOfTxs>3</NbOfTxs>");
    expect(file.xml).toContain("<CtrlSum>1287.40</CtrlSum>");
    expect(file.xml).toContain("<BtchBookg>true</BtchBookg>");
    expect(file.xml).toContain("<ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>");
    expect(file.xml).toContain("<BICFI>CEKOSKBX</BICFI>");
  });

  test("end-to-end id is the statement; amounts in euros with two decimals; names in SEPA Latin; the week in the remittance", () => {
    const { xml } = buildSepaPayoutFile(batch());
    expect(xml).toContain(`<EndToEndId>${endToEndId(41)}</EndToEndId>`);
    expect(xml).toContain("<EndToEndId>CF-ST-42</EndToEndId>");
    expect(xml).toContain('<InstdAmt Ccy="EUR">287.34</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.01</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">1000.05</InstdAmt>');
    expect(xml).toContain("<Nm>Stastny Lubomir</Nm>");
    expect(xml).toContain("<Nm>Olena Kovalenko</Nm>");
    expect(xml).toContain("<Nm>Yuliia Shcherbak</Nm>");
    expect(xml).toContain("<IBAN>DE89370400440532013000</IBAN>");
    expect(xml).toContain("<Ustrd>Pay week 2026-W47 (16.11.-22.11.2026)</Ustrd>");
    expect(remittanceText("2026-12-28")).toBe("Pay week 2026-W53 (28.12.-03.01.2027)");
  });

  test("weeks with different paydays get a payment block each; a payday already past is executed today", () => {
    const mixed = [
      ...items,
      {
        statementId: 44,
        creditorName: "Jana Nová",
        creditorIban: "SK3112000000198742637541",
        amountCents: 5000,
        weekStart: "2026-11-02",
      },
    ];
    const { xml } = buildSepaPayoutFile(
      batch({ items: mixed, debtor: { name: "Courier Fleet s.r.o.", iban: "SK8975000000000012345671" } }),
    );
    expect(validate(xml, "two-dates").ok).toBe(true);
    expect(xml).toContain("<PmtInfId>CF-PB-7.20261123</PmtInfId>");
    expect(xml).toContain("<PmtInfId>CF-PB-7.20261127</PmtInfId>");
    expect(xml).toContain("<ReqdExctnDt><Dt>2026-11-23</Dt></ReqdExctnDt>");
    // Without a BIC the debtor's bank is "not provided", as the EPC allows for IBAN-only payments.
    expect(xml).toContain("<Othr><Id>NOTPROVIDED</Id></Othr>");
  });

  test("the schema check can fail: a file with a third decimal or a name of 71 characters is rejected by xmllint", () => {
    const { xml } = buildSepaPayoutFile(batch());
    expect(validate(xml.replace(">287.34<", ">287.345<"), "three-decimals").ok).toBe(false);
    expect(validate(xml.replace("<Nm>Olena Kovalenko</Nm>", `<Nm>${"x".repeat(71)}</Nm>`), "long-name").ok).toBe(false);
  });

  test("a large batch still validates", () => {
    const many = Array.from(
      { length: 300 },
      (_, i): PayoutItem => ({
        statementId: 1000 + i,
        creditorName: i % 2 ? "Ľudmila Ďurišová" : "Тарас Шевченко",
        creditorIban: "SK3112000000198742637541",
        amountCents: 100 + i,
        weekStart: "2026-11-16",
      }),
    );
    const file = buildSepaPayoutFile(batch({ items: many }));
    expect(validate(file.xml, "many").ok).toBe(true);
    expect(file.transactionCount).toBe(300);
  });

  const refused: [string, Partial<PayoutItem>, string][] = [
    ["a zero amount", { amountCents: 0 }, "amount"],
    ["a negative amount", { amountCents: -500 }, "amount"],
    ["a fraction of a cent", { amountCents: 12.5 }, "amount"],
    ["an amount that is not a number", { amountCents: Number.NaN }, "amount"],
    ["a wrong IBAN checksum", { creditorIban: "SK3112000000198742637542" }, "iban"],
    ["an IBAN outside SEPA", { creditorIban: "UA213223130000026007233566001" }, "iban"],
    ["an empty IBAN", { creditorIban: "" }, "iban"],
    ["a name outside the Latin set", { creditorName: "王小明" }, "name"],
    ["a name with &", { creditorName: "Jana & Peter" }, "name"],
    ["a day that is not a Monday", { weekStart: "2026-11-18" }, "week"],
  ];
  test.each(refused)("%s never reaches a file: the whole batch is refused", (_, change, problem) => {
    const bad = [items[0]!, { ...items[1]!, ...change }];
    const attempt = (build: () => unknown) => {
      try {
        build();
        return null;
      } catch (error) {
        return error;
      }
    };
    for (const build of [
      () => buildSepaPayoutFile(batch({ items: bad })),
      () => buildAccountantCsv(batch({ items: bad }), "en"),
    ]) {
      const error = attempt(build);
      expect(error).toBeInstanceOf(PayoutFileError);
      expect(error).toMatchObject({ problem, details: { statementId: 42 } });
    }
  });

  test("an empty batch, a statement twice and a bad debtor are refused", () => {
    expect(() => buildSepaPayoutFile(batch({ items: [] }))).toThrow(PayoutFileError);
    expect(() => buildSepaPayoutFile(batch({ items: [items[0]!, items[0]!] }))).toThrow("twice");
    expect(() =>
      buildSepaPayoutFile(batch({ debtor: { name: "Courier Fleet", iban: "SK8975000000000012345670" } })),
    ).toThrow("IBAN is not valid");
    expect(() =>
      buildSepaPayoutFile(batch({ debtor: { name: "Courier Fleet", iban: "SK8975000000000012345671", bic: "XX" } })),
    ).toThrow("BIC is not valid");
  });

  test("without the company profile's payout account the export says what is missing", () => {
    try {
      payoutDebtor({ payoutBic: "TATRSKBX" });
      throw new Error("not refused");
    } catch (error) {
      expect(error).toBeInstanceOf(PayoutFileError);
      expect(error).toMatchObject({
        problem: "debtorMissing",
        details: { missing: ["payoutName", "payoutIban"] },
      });
      expect((error as Error).message).toContain("payoutName and payoutIban");
    }
    expect(payoutDebtor({ payoutName: "Courier Fleet s.r.o.", payoutIban: "SK8975000000000012345671" })).toEqual({
      name: "Courier Fleet s.r.o.",
      iban: "SK8975000000000012345671",
      bic: undefined,
    });
  });
});

describe("the accountant's CSV", () => {
  test("UTF-8 with BOM, ; separated, decimal commas, the names as written", () => {
    const csv = buildAccountantCsv(batch(), "en");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toEqual([
      "Statement;Courier;IBAN;Week;Payday;Amount (EUR)",
      "CF-ST-41;Šťastný Ľubomír;SK3112000000198742637541;2026-W47 16.11.2026–22.11.2026;27.11.2026;287,34",
      "CF-ST-42;Олена Коваленко;DE89370400440532013000;2026-W47 16.11.2026–22.11.2026;27.11.2026;0,01",
      "CF-ST-43;Юлія Щербак;AT611904300234573201;2026-W47 16.11.2026–22.11.2026;27.11.2026;1000,05",
      "",
    ]);
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  test("a name that looks like a formula is defused", () => {
    const csv = buildAccountantCsv(batch({ items: [{ ...items[0]!, creditorName: "-2+3 Nová" }] }), "en");
    expect(csv).toContain("CF-ST-41;'-2+3 Nová;");
  });
});

describe("the accountant's CSV in the admin's language", () => {
  test("the header row is Slovak for a Slovak admin, Ukrainian for a Ukrainian one", () => {
    const header = (language: "sk" | "ua" | "en") => buildAccountantCsv(batch(), language).slice(1).split("\r\n")[0];
    expect(header("sk")).toBe("Výkaz;Kuriér;IBAN;Týždeň;Dátum výplaty;Suma (EUR)");
    expect(header("ua")).toBe("Виписка;Кур'єр;IBAN;Тиждень;Дата виплати;Сума (EUR)");
    expect(header("en")).toBe("Statement;Courier;IBAN;Week;Payday;Amount (EUR)");
  });
});
