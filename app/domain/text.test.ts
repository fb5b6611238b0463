import { describe, expect, test } from "bun:test";
import { applicationSchema } from "./application-schema";
import {
  forbiddenQueryParameter,
  hasForbiddenCharacters,
  INVALID_CHARACTERS,
  multiLineText,
  searchTerm,
  singleLineText,
} from "./text";

describe("the text rule", () => {
  test.each([
    ["NUL", "a\u0000b", true, true],
    ["bell", "a\u0007b", true, true],
    ["DEL", "a\u007Fb", true, true],
    ["C1 control", "a\u0085b", true, true],
    ["line break", "a\nb\r\n", true, false],
    ["tab", "a\tb", false, false],
    ["lone high surrogate", "a\ud800b", true, true],
    ["lone low surrogate", "a\udc00b", true, true],
    ["RTL override", "a\u202Eb", true, true],
    ["isolate", "a\u2067b", true, true],
    ["emoji (a surrogate pair)", "🛴👩🏽‍🔧", false, false],
    ["right-to-left letters and marks", "שלום\u200F", false, false],
    ["U+FFFD", "\uFFFD", false, false],
  ])("%s", (_name, value, singleLine, multiLine) => {
    expect(hasForbiddenCharacters(value, false)).toBe(singleLine);
    expect(hasForbiddenCharacters(value, true)).toBe(multiLine);
  });

  test("schemas refuse with the one translated key", () => {
    const single = singleLineText().safeParse("a\u0000");
    expect(single.success ? null : single.error.issues[0]?.message).toBe(INVALID_CHARACTERS);
    expect(multiLineText().safeParse("two\nlines").success).toBe(true);
    expect(singleLineText().safeParse("two\nlines").success).toBe(false);
    const application = applicationSchema.safeParse({ fullName: "Olena\u0000" });
    expect(
      application.success ? [] : application.error.issues.filter((i) => i.path[0] === "fullName").map((i) => i.message),
    ).toEqual([INVALID_CHARACTERS]);
  });

  test("query parameters: the first offending name, and a search term never carries the characters", () => {
    expect(forbiddenQueryParameter(new URLSearchParams("q=ok&status=%00"))).toBe("status");
    expect(forbiddenQueryParameter(new URLSearchParams("q=%F0%9F%9B%B4"))).toBeNull();
    expect(searchTerm(new URLSearchParams("q=%00abc"))).toBe("");
    // Cut at 100 characters without leaving half an emoji.
    expect(searchTerm(new URLSearchParams({ q: `${"a".repeat(99)}🛴` }))).toBe("a".repeat(99));
  });
});
