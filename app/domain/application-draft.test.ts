import { describe, expect, test } from "bun:test";
import { DRAFT_SAVE_DEBOUNCE_MS, DRAFT_VALUE_MAX, isEmptyDraft, pickDraftFields } from "./application-draft";

describe("application drafts", () => {
  test("saved after a second of idle typing", () => {
    expect(DRAFT_SAVE_DEBOUNCE_MS).toBe(1000);
  });
  test("only the form's text fields, as strings, bounded in length", () => {
    const form = new FormData();
    form.set("fullName", "Olena");
    form.set("comment", "x".repeat(5000));
    form.set("face_photo", new File(["x"], "a.jpg"));
    form.set("intent", "apply");
    const draft = pickDraftFields(form);
    expect(Object.keys(draft).sort()).toEqual(["comment", "fullName"]);
    expect(draft.comment).toHaveLength(DRAFT_VALUE_MAX);
    expect(pickDraftFields({ age: 24, phone: "0903" })).toEqual({ phone: "0903" });
  });
  test("a draft of blanks is empty", () => {
    expect(isEmptyDraft({ fullName: "  ", phone: "" })).toBe(true);
    expect(isEmptyDraft({ citizenship: "sk" })).toBe(false);
  });
});

describe("drafts and the text rule", () => {
  test("a value that breaks the text rule is dropped, the others are kept", () => {
    expect(
      pickDraftFields({ fullName: "Olena\u0000", comment: "line one\nline two 🛴", contactUsername: "\u202Eevil" }),
    ).toEqual({ comment: "line one\nline two 🛴" });
  });
});
