import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  bankDetailsSchema,
  checkIban,
  compareHolderName,
  formatIban,
  holderForBank,
  isValidBic,
  isValidSepaIban,
  maskIban,
  normalizeIban,
} from "./bank-details";

describe("IBAN", () => {
  test("normalises what people paste", () => {
    expect(normalizeIban(" sk31 1200 0000-1987 4263 7541 ")).toBe("SK3112000000198742637541");
  });

  test("accepts a valid SEPA IBAN in any spacing and case", () => {
    expect(checkIban("sk31 1200 0000 1987 4263 7541")).toEqual({ ok: true, iban: "SK3112000000198742637541" });
    expect(isValidSepaIban("DE89 3704 0044 0532 0130 00")).toBe(true);
  });

  test("says why an IBAN cannot be paid to", () => {
    expect(checkIban("")).toEqual({ ok: false, problem: "required" });
    expect(checkIban("SK3112000000198742637542")).toEqual({ ok: false, problem: "checksum" });
    expect(checkIban("SK31120000001987426375")).toEqual({ ok: false, problem: "length" });
    expect(checkIban("XX3112000000198742637541")).toEqual({ ok: false, problem: "country" });
    // Ukraine and Turkey have IBANs but are outside SEPA.
    expect(checkIban("UA213223130000026007233566001")).toEqual({ ok: false, problem: "notSepa" });
    expect(checkIban("TR330006100519786457841326")).toEqual({ ok: false, problem: "notSepa" });
  });

  test("formats in groups of four and masks all but the last four", () => {
    expect(formatIban("SK3112000000198742637541")).toBe("SK31 1200 0000 1987 4263 7541");
    expect(maskIban("SK3112000000198742637541")).toBe("**** **** **** **** **** 7541");
    expect(maskIban("DE89370400440532013000")).toBe("**** **** **** **** **30 00");
  });

  test("BIC", () => {
    expect(isValidBic("TATRSKBX")).toBe(true);
    expect(isValidBic("giba skbx xxx")).toBe(true);
    expect(isValidBic("TATRXXBX")).toBe(false);
    expect(isValidBic("TATR")).toBe(false);
  });
});

describe("the account holder as the bank will see it", () => {
  test("the SEPA file's transliteration of the name", () => {
    expect(holderForBank("Щербак")).toEqual({ ok: true, name: "Shcherbak" });
    expect(holderForBank("Ľubomír Šťastný")).toEqual({ ok: true, name: "Lubomir Stastny" });
    expect(holderForBank("ЬЬЬ")).toEqual({ ok: false, problem: "noLetters" });
    expect(holderForBank("’’’")).toEqual({ ok: false, problem: "noLetters" });
    expect(holderForBank("Щ".repeat(20))).toEqual({ ok: false, problem: "tooLongForBank" });
    expect(holderForBank("Jana & Peter")).toEqual({ ok: false, problem: "characters" });
  });

  test("a name the bank sees as it is typed", () => {
    expect(
      bankDetailsSchema.safeParse({ iban: "SK3112000000198742637541", accountHolder: "Щербак Олена" }).success,
    ).toBe(true);
  });
});

describe("account holder against the application's name", () => {
  test("case, diacritics and word order do not matter", () => {
    expect(compareHolderName("Lubomir Stastny", "Šťastný Ľubomír")).toBe("match");
    expect(compareHolderName("ŠŤASTNÝ ĽUBOMÍR", "Ľubomír Šťastný")).toBe("match");
    expect(compareHolderName("  Ľubomír   Šťastný ", "Šťastný Ľubomír")).toBe("match");
  });

  test("a Cyrillic application name matches the Latin name a bank keeps", () => {
    expect(compareHolderName("KOVALENKO OLENA", "Олена Коваленко")).toBe("match");
    expect(compareHolderName("Олена Коваленко", "Olena Kovalenko")).toBe("match");
  });

  test("another person, a missing or an extra word is a mismatch", () => {
    expect(compareHolderName("Jana Šťastná", "Šťastný Ľubomír")).toBe("mismatch");
    expect(compareHolderName("Ľubomír", "Šťastný Ľubomír")).toBe("mismatch");
    expect(compareHolderName("Ľubomír Šťastný ml.", "Šťastný Ľubomír")).toBe("mismatch");
    expect(compareHolderName("", "")).toBe("mismatch");
  });
});

describe("the bank details form", () => {
  const locales = path.resolve(import.meta.dirname, "../../locales");
  const messages = (lng: string) =>
    JSON.parse(readFileSync(path.join(locales, lng, "pay.json"), "utf8")) as Record<string, unknown>;
  const lookup = (json: Record<string, unknown>, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], json);
  const errorOf = (input: Record<string, unknown>) =>
    bankDetailsSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

  test("gives the normalised IBAN and the trimmed name", () => {
    expect(
      bankDetailsSchema.parse({ iban: "sk31 1200 0000 1987 4263 7541", accountHolder: "  Олена Коваленко " }),
    ).toEqual({
      iban: "SK3112000000198742637541",
      accountHolder: "Олена Коваленко",
    });
  });

  test("refuses with translated message keys that exist in sk, ua and en", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ accountHolder: "Jana Nová" }, "iban:bank.errors.ibanRequired"],
      [{ iban: " ", accountHolder: "Jana Nová" }, "iban:bank.errors.ibanRequired"],
      [{ iban: "SK3112000000198742637542", accountHolder: "Jana Nová" }, "iban:bank.errors.ibanChecksum"],
      [{ iban: "SK311200000019874263", accountHolder: "Jana Nová" }, "iban:bank.errors.ibanLength"],
      [{ iban: "XX3112000000198742637541", accountHolder: "Jana Nová" }, "iban:bank.errors.ibanCountry"],
      [{ iban: "UA213223130000026007233566001", accountHolder: "Jana Nová" }, "iban:bank.errors.ibanNotSepa"],
      [{ iban: "SK3112000000198742637541", accountHolder: "J" }, "accountHolder:bank.errors.holderRequired"],
      [{ iban: "SK3112000000198742637541" }, "accountHolder:bank.errors.holderRequired"],
      [{ iban: "SK3112000000198742637541", accountHolder: "x".repeat(71) }, "accountHolder:bank.errors.holderTooLong"],
      [
        { iban: "SK3112000000198742637541", accountHolder: "Jana & Peter Nový" },
        "accountHolder:bank.errors.holderCharacters",
      ],
      [
        { iban: "SK3112000000198742637541", accountHolder: "王小明 Wang" },
        "accountHolder:bank.errors.holderCharacters",
      ],
      // Names a bank transfer cannot carry as a name: nothing of them is left in SEPA's Latin set, or
      // their SEPA form is longer than SEPA's 70 characters (Щ is written "Shch").
      [{ iban: "SK3112000000198742637541", accountHolder: "ЬЬЬ" }, "accountHolder:bank.errors.holderNoLetters"],
      [{ iban: "SK3112000000198742637541", accountHolder: "’’’" }, "accountHolder:bank.errors.holderNoLetters"],
      [
        { iban: "SK3112000000198742637541", accountHolder: "Щ".repeat(20) },
        "accountHolder:bank.errors.holderTooLongForBank",
      ],
    ];
    for (const [input, expected] of cases) {
      expect(errorOf(input)).toEqual([expected]);
      const key = expected.split(":")[1]!;
      for (const lng of ["sk", "ua", "en"])
        expect({ lng, key, text: typeof lookup(messages(lng), key) }).toEqual({ lng, key, text: "string" });
    }
  });
});
