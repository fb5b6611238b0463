/** The legal text editor's schema, apart from the parser and paths every page's notice uses (no Zod there). */
import { z } from "zod";
import { LEGAL_BODY_MAX_CHARS } from "./legal-text";
import { multiLineText } from "./text";

/** The editor's form: preview shows the text without saving it; publish makes it the next version. */
export const legalPublishSchema = z.object({
  intent: z.enum(["preview", "publish"]),
  body: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : value),
    multiLineText({ error: "admin:legal.bodyRequired" })
      .min(1, { error: "admin:legal.bodyRequired" })
      .max(LEGAL_BODY_MAX_CHARS, { error: "admin:legal.bodyTooLong" }),
  ),
  /** The version the editor was opened on (0: none published yet). */
  basedOn: z.coerce.number().int().min(0).max(1_000_000),
});
