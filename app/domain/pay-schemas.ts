/**
 * Zod schemas of the weekly-pay admin forms (platforms, platform accounts, the earnings import). Messages are
 * translation keys of the `admin` namespace.
 */
import { z } from "zod";
import { EARNING_FIELDS, isMonday, parseDay } from "./earnings-csv";
import { singleLineText } from "./text";

const required = (max: number) =>
  singleLineText({ error: "admin:validation.required" })
    .trim()
    .min(1, "admin:validation.required")
    .max(max, "admin:validation.tooLong");
const id = z.coerce.number({ error: "admin:validation.required" }).int().positive("admin:validation.required");
/** A calendar day as `YYYY-MM-DD` (what `<input type="date">` sends). */
export const daySchema = z
  .string({ error: "admin:validation.date" })
  .trim()
  .refine((value) => parseDay(value) === value, "admin:validation.date");

export const platformFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: required(60) }),
  z.object({ intent: z.literal("rename"), id, name: required(60) }),
]);

/** The platform account intents of the admin's user page. */
export const linkAccountFields = { platformId: id, accountId: required(100), startsOn: daySchema };
export const endAccountFields = { linkId: id, endsOn: daySchema };

export const importUploadSchema = z.object({
  platformId: id,
  weekStart: daySchema.refine(isMonday, "admin:pay.import.notMonday"),
});

export const importActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("commit"), id }),
  z.object({ intent: z.literal("discard"), id }),
  // An unknown account linked on the spot: the courier is picked by e-mail.
  z.object({ intent: z.literal("link"), id, accountId: required(100), courier: required(254), startsOn: daySchema }),
  z.object({
    intent: z.literal("map"),
    id,
    duration: z.enum(["minutes", "hours"], { error: "admin:validation.required" }),
    ...(Object.fromEntries(EARNING_FIELDS.map((field) => [`col_${field}`, required(200)])) as Record<
      `col_${(typeof EARNING_FIELDS)[number]}`,
      ReturnType<typeof required>
    >),
  }),
]);
