import { describe, expect, test } from "bun:test";
import { formatIco, isValidIco, isValidPhone, missingCompanyFields } from "./company-profile";

describe("company profile rules", () => {
  test("IČO: eight digits, spaces allowed; the contract's own number is accepted", () => {
    expect(isValidIco("35763469")).toBe(true);
    expect(isValidIco("55 123 456")).toBe(true);
    expect(isValidIco("1234567")).toBe(false);
    expect(isValidIco("123456789")).toBe(false);
    expect(isValidIco("5512345a")).toBe(false);
    expect(formatIco("55123456")).toBe("55 123 456");
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
