/**
 * Zod schemas of the admin forms, shared by Conform in the browser and the actions on the server.
 * Messages are translation keys of the `admin` namespace; the form shows `t(message)`.
 */
import { z } from "zod";
import { multiLineText, singleLineText } from "./text";
import { STOCK_REJECTION_REASONS } from "./rejection";
import { LANGUAGES } from "./rules";
import { stepUpCodeSchema } from "./second-factor";
import { parseEurToCents } from "./maintenance";
import { ROLES, VEHICLE_STATUSES } from "./status";
import { DOCUMENT_KINDS } from "./documents";
import { endAccountFields, linkAccountFields } from "./pay-schemas";
import { LICENCE_CATEGORIES } from "./content";

/** Admin text: one line below 1,000 characters (names, titles, codes, e-mails), several lines from there. */
const textOf = (max: number, params?: Parameters<typeof z.string>[0]) =>
  max >= 1000 ? multiLineText(params) : singleLineText(params);
export const required = (max: number) =>
  textOf(max, { error: "admin:validation.required" })
    .trim()
    .min(1, "admin:validation.required")
    .max(max, "admin:validation.tooLong");
export const optionalText = (max: number) =>
  textOf(max)
    .trim()
    .max(max, "admin:validation.tooLong")
    .optional()
    .transform((v) => v || null);
const date = z
  .string({ error: "admin:validation.date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "admin:validation.date")
  .transform((v) => new Date(`${v}T00:00:00Z`));

/** One text per language: `<base>Sk` required, `<base>Ua` and `<base>En` optional (null when blank). */
export const localizedFields = <B extends string>(base: B, max: number) =>
  ({ [`${base}Sk`]: required(max), [`${base}Ua`]: optionalText(max), [`${base}En`]: optionalText(max) }) as Record<
    `${B}Sk`,
    ReturnType<typeof required>
  > &
    Record<`${B}Ua` | `${B}En`, ReturnType<typeof optionalText>>;

export const userActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("activate") }),
  z.object({ intent: z.literal("deactivate") }),
  // A role change and an erasure are confirmed with the admin's second factor (asked again each time).
  z.object({
    intent: z.literal("role"),
    role: z.enum(ROLES, { error: "admin:validation.required" }),
    code: stepUpCodeSchema,
  }),
  z.object({ intent: z.literal("erase"), confirmEmail: required(254), code: stepUpCodeSchema }),
  // A courier's new right-to-stay document: accepted (with the date confirmed or corrected) or refused with a reason.
  z.object({ intent: z.literal("acceptDocument"), renewalId: z.coerce.number().int().positive(), validUntil: date }),
  z.object({
    intent: z.literal("rejectDocument"),
    renewalId: z.coerce.number().int().positive(),
    reason: required(1000),
  }),
  // Delivery-platform accounts: linked from a day on, ended with their last day.
  z.object({ intent: z.literal("linkAccount"), ...linkAccountFields }),
  z.object({ intent: z.literal("endAccount"), ...endAccountFields }),
]);

export const rejectSchema = z.object({ intent: z.literal("reject"), reason: required(1000) });
/**
 * Rejecting a job application: a stock reason (translated for the courier) and/or a written one,
 * and the documents the courier must replace (the others are carried over to the next submission).
 */
export const applicationRejectSchema = z
  .object({
    intent: z.literal("reject"),
    reasonCode: z.enum(STOCK_REJECTION_REASONS).optional(),
    reason: multiLineText().trim().max(1000, "admin:validation.tooLong").optional(),
    replace: z
      .array(z.enum(DOCUMENT_KINDS))
      .optional()
      .transform((v) => v ?? []),
  })
  .refine((value) => Boolean(value.reasonCode || value.reason), {
    path: ["reason"],
    message: "admin:rejection.reasonOrStock",
  });
/** Rejecting the ticked applications at once: one stock reason and/or one written reason for all. */
export const bulkApplicationRejectSchema = z
  .object({
    intent: z.literal("bulkReject"),
    reasonCode: z.enum(STOCK_REJECTION_REASONS).optional(),
    reason: multiLineText().trim().max(1000, "admin:validation.tooLong").optional(),
  })
  .refine((value) => Boolean(value.reasonCode || value.reason), {
    path: ["reason"],
    message: "admin:rejection.reasonOrStock",
  });
/** An optional date field: an empty input is no value. */
const optionalDate = z.preprocess((v) => (v === "" ? undefined : v), date.optional());

/** Approving may confirm or correct the right-to-stay document's valid-until date. */
export const decisionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), documentValidUntil: optionalDate }),
  applicationRejectSchema,
]);

export const vehicleSchema = z
  .object({
    intent: z.literal("save"),
    name: required(120),
    ...localizedFields("characteristics", 2000),
    serialNumber: required(80),
    licenceCategory: z.enum(LICENCE_CATEGORIES, { error: "admin:validation.required" }).default("none"),
    comment: optionalText(2000),
    status: z.enum(VEHICLE_STATUSES, { error: "admin:validation.required" }),
    availableSince: date.optional(),
    assignedUserId: z.coerce.number().int().positive().optional(),
    /** The holder the form showed ("" for nobody): a save against a changed holder is refused. */
    seenAssignedUserId: z.union([z.literal(""), z.coerce.number().int().positive()]).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "future" && !value.availableSince)
      ctx.addIssue({
        code: "custom",
        path: ["availableSince"],
        message: "admin:vehicles.errors.availableSinceRequired",
      });
    if (value.status === "in_use" && !value.assignedUserId)
      ctx.addIssue({ code: "custom", path: ["assignedUserId"], message: "admin:vehicles.errors.inUseNeedsUser" });
  });

export const vehicleProblemSchema = z.object({ intent: z.literal("problem"), description: required(2000) });

const KM_MAX = 10_000_000;
const optionalKm = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : v),
  z.coerce
    .number({ error: "admin:vehicles.errors.kmInvalid" })
    .int("admin:vehicles.errors.kmInvalid")
    .min(0, "admin:vehicles.errors.kmInvalid")
    .max(KM_MAX, "admin:vehicles.errors.kmInvalid")
    .optional(),
);

/** A service record: date, what was done, cost in EUR (comma or dot), next service by date and/or km. */
export const serviceRecordSchema = z.object({
  intent: z.literal("serviceRecord"),
  serviceDate: date,
  description: required(2000),
  cost: z
    .string()
    .optional()
    .transform((v) => parseEurToCents(v ?? ""))
    .refine((v) => v === null || Number.isFinite(v), "admin:vehicles.errors.costInvalid"),
  nextDueAt: z.preprocess((v) => (v === "" ? undefined : v), date.optional()),
  nextDueKm: optionalKm,
});
export const odometerSchema = z.object({
  intent: z.literal("odometer"),
  odometerKm: z.coerce
    .number({ error: "admin:vehicles.errors.kmInvalid" })
    .int("admin:vehicles.errors.kmInvalid")
    .min(0, "admin:vehicles.errors.kmInvalid")
    .max(KM_MAX, "admin:vehicles.errors.kmInvalid"),
});
/** "Send vehicle to service" from a problem report: what needs doing becomes the open service record. */
export const toServiceSchema = z.object({
  intent: z.literal("toService"),
  reportId: z.coerce.number().int().positive(),
  description: required(2000),
});

export const replySchema = z.object({
  intent: z.literal("reply"),
  reportId: z.coerce.number().int().positive(),
  response: multiLineText({ error: "admin:reports.replyEmpty" })
    .trim()
    .min(1, "admin:reports.replyEmpty")
    .max(4000, "admin:validation.tooLong"),
});

/** Resolving and reopening a problem report: an admin action of its own, never a side effect of a reply. */
export const reportStatusSchema = z.object({
  intent: z.enum(["resolve", "reopen"]),
  reportId: z.coerce.number().int().positive(),
});

export const leaseSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("renew"), vehicleId: z.coerce.number().int().positive(), endsAt: date }),
  z.object({ intent: z.literal("end"), vehicleId: z.coerce.number().int().positive() }),
]);

export const newsSchema = z.object({
  intent: z.literal("save"),
  ...localizedFields("title", 200),
  ...localizedFields("content", 20_000),
  textPosition: z.enum(["bottom_left", "top_left", "center"], { error: "admin:validation.required" }),
  language: z
    .enum([...LANGUAGES, "all"])
    .optional()
    .transform((v) => (v && v !== "all" ? v : null)),
  published: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});

export const referralSchema = z.object({ intent: z.literal("create"), name: required(120) });
export const idIntentSchema = <T extends string>(intent: T) =>
  z.object({ intent: z.literal(intent), id: z.coerce.number().int().positive() });

/** /admin/mail: send one failing message again, or every failing one. */
export const mailResendSchema = z.discriminatedUnion("intent", [
  idIntentSchema("resend"),
  z.object({ intent: z.literal("resendAll") }),
]);

/** Who an admin's message goes to (app/models/broadcast.server.ts). */
export const BROADCAST_GROUPS = ["withVehicle", "documentExpiring", "everyone"] as const;
export type BroadcastGroup = (typeof BROADCAST_GROUPS)[number];

/** A message to a group of couriers: title and text per language (Slovak required), urgent past the quiet hours. */
export const broadcastSchema = z.object({
  group: z.enum(BROADCAST_GROUPS, { error: "admin:validation.required" }),
  ...localizedFields("title", 120),
  ...localizedFields("body", 1000),
  urgent: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});
