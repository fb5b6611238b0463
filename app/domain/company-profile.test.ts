import { describe, expect, test } from "bun:test";
import { formatIco, isValidIco, isValidPhone, missingCompanyFields } from "./company-profile";

describe("company profile rules", () => {
  test("IČO: eight digits, the last the mod-11 check digit of the first seven weighted 8 to 2", () => {
    // Slovak Telekom's IČO; 5+5+… of the demo: 125 mod 11 = 4, so 11 − 4 = 7.
    expect(isValidIco("35763469")).toBe(true);
    expect(isValidIco("55 123 457")).toBe(true);
    expect(isValidIco("55 123 456")).toBe(false);
    // Remainder 0 gives 1, remainder 1 gives 0.
    expect(isValidIco("00000001")).toBe(true);
    expect(isValidIco("10000010")).toBe(false);
    expect(isValidIco("00000060")).toBe(true);
    expect(isValidIco("00000061")).toBe(false);
    expect(isValidIco("1234567")).toBe(false);
    expect(isValidIco("5512345a")).toBe(false);
    expect(formatIco("55123457")).toBe("55 123 457");
  });

  test("phone: a plus, the country code and up to fifteen digits, separators allowed", () => {
    expect(isValidPhone("+421 2 1234 5678")).toBe(true);
    expect(isValidPhone("+421 (903) 123-456")).toBe(true);
    expect(isValidPhone("0903 123 456")).toBe(false);
    expect(isValidPhone("+421 12")).toBe(false);
    expect(isValidPhone("+0421903123456")).toBe(false);
  });

  test("what a profile still lacks; IČ DPH and the BIC are optional", () => {
    expect(
      missingCompanyFields({
        legalName: "A s.r.o.",
        address: "Hlavná 1",
        ico: "35763469",
        registerEntry: "OR",
        email: "a@b.sk",
        phone: "+421212345678",
        payoutName: "A",
        payoutIban: "SK3112000000198742637541",
      }),
    ).toEqual([]);
    expect(missingCompanyFields({ legalName: "A s.r.o.", vatId: "SK2020123456" })).toEqual([
      "address",
      "ico",
      "registerEntry",
      "email",
      "phone",
      "payoutName",
      "payoutIban",
    ]);
  });
});
