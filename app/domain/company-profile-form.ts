/**
 * The company profile form's schema, apart from the profile's plain helpers: Zod stays out of the
 * footer and the root, which every page loads.
 */
import { z } from "zod";
import { checkIban, isValidBic } from "./bank-details";
import { isValidIco, isValidPhone } from "./company-profile";
import { toSepaText } from "./sepa-text";
import { singleLineText } from "./text";

const required = (max: number) =>
  singleLineText({ error: "admin:validation.required" })
    .trim()
    .min(1, "admin:validation.required")
    .max(max, "admin:validation.tooLong");
const optional = (max: number) =>
  singleLineText()
    .trim()
    .max(max, "admin:validation.tooLong")
    .optional()
    .transform((v) => v || undefined);

/** The company profile form: every field of the profile, and the version the form was rendered with. */
export const companyProfileSchema = z.object({
  /** The profile's version when the form was rendered: a save against a newer one is refused (two admins at once). */
  version: z.coerce.number().int().min(0),
  legalName: required(140),
  address: required(200),
  ico: required(20)
    .transform((v) => v.replace(/\s/g, ""))
    .refine(isValidIco, "admin:company.errors.ico"),
  vatId: optional(20)
    .transform((v) => v?.replace(/\s/g, "").toUpperCase())
    .refine((v) => v === undefined || /^SK\d{10}$/.test(v), "admin:company.errors.vatId"),
  registerEntry: required(200),
  email: required(254).pipe(z.email("admin:company.errors.email")),
  phone: required(30).refine(isValidPhone, "admin:company.errors.phone"),
  payoutName: required(70).refine((name) => toSepaText(name) !== null, "admin:company.errors.payoutName"),
  payoutIban: required(42).transform((value, ctx) => {
    const checked = checkIban(value);
    if (checked.ok) return checked.iban;
    ctx.addIssue({
      code: "custom",
      message: checked.problem === "notSepa" ? "admin:company.errors.ibanNotSepa" : "admin:company.errors.iban",
    });
    return z.NEVER;
  }),
  payoutBic: optional(11)
    .transform((v) => v?.replace(/\s/g, "").toUpperCase())
    .refine((v) => v === undefined || isValidBic(v), "admin:company.errors.bic"),
});
export type CompanyProfileForm = z.infer<typeof companyProfileSchema>;
