import { describe, expect, test } from "bun:test";
import { registerSchema, resetPasswordFormSchema } from "./auth-schemas";
import { strongPasswordSchema } from "./auth-schemas";
import { isStrongPassword, passwordChecklist } from "./password";

describe("password rule", () => {
  test.each([
    ["Abcdef1!", true],
    ["Zz9-zzzz", true],
    ["Ľúbica-2024", true],
    ["Пароль1!", true],
    ["Abcde1!", false], // 7 characters
    ["abcdefg1!", false], // no uppercase
    ["ABCDEFG1!", false], // no lowercase
    ["Abcdefgh!", false], // no digit
    ["Abcdefgh1", false], // no punctuation
    ["Abcd efg1", false], // a space is not punctuation
    ["", false],
  ])("%p strong: %p", (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
    expect(strongPasswordSchema.safeParse(password).success).toBe(strong);
  });

  test("the checklist says which rule is missing", () => {
    expect(passwordChecklist("abc")).toEqual({
      length: false,
      upper: false,
      lower: true,
      digit: false,
      punctuation: false,
    });
    expect(passwordChecklist("Abcdef1!")).toEqual({
      length: true,
      upper: true,
      lower: true,
      digit: true,
      punctuation: true,
    });
  });

  test("a weak password gives the translated-key message of the rule", () => {
    const result = registerSchema.safeParse({ email: "a@example.com", password: "abc" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("auth:validation.passwordWeak");
  });

  test("absurdly long passwords are refused", () => {
    expect(isStrongPassword(`Aa1!${"x".repeat(300)}`)).toBe(false);
  });

  test("reset form: the two passwords must match", () => {
    const result = resetPasswordFormSchema.safeParse({ password: "Abcdef1!", confirmPassword: "Abcdef1?" });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["confirmPassword", "auth:validation.passwordsMismatch"],
    ]);
  });

  test("e-mails are trimmed and lower-cased", () => {
    expect(registerSchema.parse({ email: "  Jana@Example.COM ", password: "Abcdef1!" }).email).toBe("jana@example.com");
  });
});
