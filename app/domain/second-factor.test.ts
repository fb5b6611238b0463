import { describe, expect, test } from "bun:test";
import { formatRecoveryCode, parseSecondFactorCode, requiresSecondFactor, secondFactorSchema } from "./second-factor";

describe("second factor rules", () => {
  test("every admin needs one, a courier does not", () => {
    expect(requiresSecondFactor("admin")).toBe(true);
    expect(requiresSecondFactor("user")).toBe(false);
  });

  test("six digits are an authenticator code, spaces allowed", () => {
    expect(parseSecondFactorCode("123456")).toEqual({ kind: "totp", code: "123456" });
    expect(parseSecondFactorCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(parseSecondFactorCode("12345")).toBeNull();
    expect(parseSecondFactorCode("1234567")).toBeNull();
  });

  test("recovery codes: case and dash do not matter, ambiguous characters are not codes", () => {
    expect(parseSecondFactorCode("K7M2P-X9QRE")).toEqual({ kind: "recovery", code: "k7m2p-x9qre" });
    expect(parseSecondFactorCode("k7m2px9qre")).toEqual({ kind: "recovery", code: "k7m2p-x9qre" });
    expect(parseSecondFactorCode("k7m2p-x9qr0")).toBeNull();
    expect(parseSecondFactorCode("k7m2p-x9qrl")).toBeNull();
    expect(parseSecondFactorCode("")).toBeNull();
  });

  test("a formatted recovery code parses back to itself", () => {
    for (let i = 0; i < 50; i++) {
      const code = formatRecoveryCode(crypto.getRandomValues(new Uint8Array(10)));
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(parseSecondFactorCode(code)).toEqual({ kind: "recovery", code });
    }
  });

  test("the form schema names what is wrong", () => {
    expect(secondFactorSchema.safeParse({ intent: "verify", code: "12" }).error?.issues[0]?.message).toBe(
      "auth:secondFactor.codeInvalid",
    );
    expect(secondFactorSchema.safeParse({ intent: "verify" }).error?.issues[0]?.message).toBe(
      "auth:secondFactor.codeRequired",
    );
    expect(secondFactorSchema.safeParse({ intent: "enrol", code: "123 456" }).success).toBe(true);
  });
});
