/** What a key pressed on the review page does, decided from the key and where the admin is. */
export type ReviewKeyAction =
  | "none"
  | "swallow"
  | "typing"
  | "next"
  | "previous"
  | "armApprove"
  | "approve"
  | "disarm"
  | "reject"
  | "help";

export type ReviewKeyInput = {
  key: string;
  repeat: boolean;
  /** Ctrl, Meta or Alt held: the browser's or the system's key, never ours. */
  modified: boolean;
  /** Focus is in a text field, text area, select or editable text. */
  inField: boolean;
  dialogOpen: boolean;
  /** The application has been on screen long enough, with no other letter typed meanwhile. */
  live: boolean;
  /** `a` was pressed: the approval waits for Enter. */
  approveArmed: boolean;
};

const MOVES: Record<string, ReviewKeyAction> = { j: "next", k: "previous", r: "reject", "?": "help" };

/**
 * One letter never decides an application: `a` only asks, and Enter right after it approves. Any other
 * key cancels the question. A letter that is no shortcut means the admin is typing into a page that has
 * no text box focused: "typing" keeps every key dead a while longer, so the letters of a reason typed
 * into nothing neither move nor decide. Keys in a field, with a modifier, or held down do nothing.
 */
export function reviewKeyAction(input: ReviewKeyInput): ReviewKeyAction {
  if (input.modified || input.inField) return "none";
  if (input.approveArmed) return input.key === "Enter" && !input.repeat ? "approve" : "disarm";
  if (input.repeat) return "swallow";
  if (input.dialogOpen && input.key !== "?") return "none";
  const letter = input.key.length === 1;
  if (!input.live) return letter ? "typing" : "none";
  if (input.key === "a") return "armApprove";
  return MOVES[input.key] ?? (letter ? "typing" : "none");
}
