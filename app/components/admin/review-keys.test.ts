import { describe, expect, test } from "bun:test";
import { reviewKeyAction, type ReviewKeyInput } from "./review-keys";

const press = (key: string, state: Partial<ReviewKeyInput> = {}) =>
  reviewKeyAction({
    key,
    repeat: false,
    modified: false,
    inField: false,
    dialogOpen: false,
    live: true,
    approveArmed: false,
    ...state,
  });

describe("review keys", () => {
  test("a single a never approves: it asks, and only Enter right after it approves", () => {
    expect(press("a")).toBe("armApprove");
    expect(press("Enter")).toBe("none");
    expect(press("Enter", { approveArmed: true })).toBe("approve");
  });

  test("any other key after a cancels the question, a second a included", () => {
    for (const key of ["a", "s", "Escape", " ", "j"]) expect(press(key, { approveArmed: true })).toBe("disarm");
    expect(press("Enter", { approveArmed: true, repeat: true })).toBe("disarm");
  });

  test("a reason typed into a field, or with a modifier held, is never a shortcut", () => {
    for (const key of ["a", "r", "j", "k", "?", "Enter"]) {
      expect(press(key, { inField: true })).toBe("none");
      expect(press(key, { modified: true })).toBe("none");
      expect(press(key, { inField: true, approveArmed: true })).toBe("none");
    }
  });

  test("a letter that is no shortcut is typing into nothing: the keys stay dead a while", () => {
    expect(press("W")).toBe("typing");
    expect(press("a", { live: false })).toBe("typing");
    expect(press("j", { live: false })).toBe("typing");
    expect(press("Enter", { live: false })).toBe("none");
  });

  test("moves and the reason box, live and outside a dialog", () => {
    expect([press("j"), press("k"), press("r"), press("?")]).toEqual(["next", "previous", "reject", "help"]);
    expect(press("j", { dialogOpen: true })).toBe("none");
    expect(press("?", { dialogOpen: true })).toBe("help");
    expect(press("a", { repeat: true })).toBe("swallow");
  });
});
