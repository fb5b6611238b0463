import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { verifyCredentials, type CredentialsResult } from "~/models/accounts.server";
import type { User } from "~/models/users.server";

type Refusal = Exclude<CredentialsResult, { ok: true }>;

/** Carries a refused log-in out of the strategy, so the flow can answer 401 or 403 as docs/api.md says. */
class CredentialsRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/**
 * remix-auth with its form strategy checks e-mail and password. remix-auth v4 keeps no session
 * itself: the caller starts our database session with the user it returns.
 */
const authenticator = new Authenticator<User>().use(
  new FormStrategy(async ({ form }) => {
    const result = await verifyCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    if (!result.ok) throw new CredentialsRefused(result);
    return result.user;
  }),
  "credentials",
);

/**
 * Both doors (the JSON API and the no-JS form) parse their body first with the shared Zod schema,
 * so the strategy gets the checked values as a form of their own.
 */
export async function authenticateCredentials(email: string, password: string): Promise<CredentialsResult> {
  const request = new Request("http://localhost/auth/credentials", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
  });
  try {
    return { ok: true, user: await authenticator.authenticate("credentials", request) };
  } catch (error) {
    if (error instanceof CredentialsRefused) return error.refusal;
    throw error;
  }
}
