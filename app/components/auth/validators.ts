/** What the auth forms validate with in the browser, loaded by `./lazy-validation` only. */
export { parseWithZod } from "@conform-to/zod/v4";
export { emailOnlySchema, loginSchema, registerSchema, resetPasswordFormSchema } from "~/domain/auth-schemas";
export { secondFactorSchema } from "~/domain/second-factor";
