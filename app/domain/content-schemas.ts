/**
 * The forms of /admin/content (FAQ, fleet banner models, partners): Zod schemas shared by Conform and
 * the actions. Messages are translation keys of the `admin` namespace.
 */
import { z } from "zod";
import { localizedFields, optionalText, required } from "./admin-schemas";
import { LICENCE_CATEGORIES, MOVE_DIRECTIONS } from "./content";

export const faqSchema = z.object({
  intent: z.literal("save"),
  ...localizedFields("question", 300),
  ...localizedFields("answer", 3000),
});

export const fleetModelSchema = z.object({
  intent: z.literal("save"),
  name: required(80),
  ...localizedFields("spec", 300),
  licenceCategory: z.enum(LICENCE_CATEGORIES, { error: "admin:validation.required" }),
});

/** A partner's link: an http(s) address (the page opens it in a new tab), or nothing. */
const partnerUrl = optionalText(500).refine((value) => {
  if (value === null) return true;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}, "admin:siteContent.urlInvalid");

export const partnerSchema = z.object({ intent: z.literal("save"), name: required(80), url: partnerUrl });

const CONTENT_LISTS = ["faq", "fleet", "partner"] as const;
const listRow = { list: z.enum(CONTENT_LISTS), id: z.coerce.number().int().positive() };

/** The list page's one-button forms: move a row, hide it, show it again. */
export const contentListActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), ...listRow, direction: z.enum(MOVE_DIRECTIONS) }),
  z.object({ intent: z.literal("hide"), ...listRow }),
  z.object({ intent: z.literal("show"), ...listRow }),
]);
