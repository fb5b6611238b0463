/**
 * What the admin forms validate with in the browser: Zod, Conform's adapter and the schemas, about
 * 29 KB compressed. Only `useLazyValidation` imports this module, and only dynamically, so no admin
 * screen waits for it before it can be used.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export {
  applicationRejectSchema,
  broadcastSchema,
  newsSchema,
  referralSchema,
  rejectSchema,
  replySchema,
  serviceRecordSchema,
  toServiceSchema,
  vehicleProblemSchema,
  vehicleSchema,
} from "~/domain/admin-schemas";
export { faqSchema, fleetModelSchema, partnerSchema } from "~/domain/content-schemas";
export { handoverSchema } from "~/domain/handover";
export { companyProfileSchema } from "~/domain/company-profile-form";
