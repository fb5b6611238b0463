/**
 * One post per create form (docs/admin.md, "Create forms post once"): every create form carries `formKey`, a random
 * token rendered with it. The first post of a key runs; a second post of the same key (a double click,
 * Back and resend) creates nothing and is sent where the first one went.
 */
import { redirect } from "react-router";
import { randomToken } from "~/infra/crypto.server";
import { claimFormKey, releaseFormKey, settleFormKey } from "~/models/idempotency.server";

export const FORM_KEY_FIELD = "formKey";

/** A fresh key for a create form; loaders return it and the form renders it in a hidden field. */
export function newFormKey() {
  return randomToken(16);
}

/** The key a post carried, if it looks like one of ours (anything else is treated as no key). */
export function formKeyOf(fields: FormData | URLSearchParams) {
  const value = fields.get(FORM_KEY_FIELD);
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value) ? value : null;
}

function locationOf(result: unknown) {
  return result instanceof Response && result.status >= 300 && result.status < 400
    ? result.headers.get("Location")
    : null;
}

const WAIT_STEP_MS = 100;
const WAIT_STEPS = 50;

/**
 * Runs `create` once per (user, key). Only a redirect counts as done: a refused post (4xx data) frees
 * the key so the corrected form can be sent. A repeat that arrives while the first is still running
 * waits for it (up to 5 s), then goes to `fallback`.
 */
export async function once<T>(
  userId: number,
  key: string | null,
  fallback: string,
  create: () => Promise<T>,
): Promise<T | Response> {
  if (!key) return await create();
  for (let step = 0; ; step++) {
    const claim = await claimFormKey(userId, key);
    if (claim.first) break;
    if (claim.location) return redirect(claim.location);
    if (step >= WAIT_STEPS) return redirect(fallback);
    await Bun.sleep(WAIT_STEP_MS);
  }
  let result: T;
  try {
    result = await create();
  } catch (thrown) {
    const location = locationOf(thrown);
    if (location) await settleFormKey(userId, key, location);
    else await releaseFormKey(userId, key);
    throw thrown;
  }
  const location = locationOf(result);
  if (location) await settleFormKey(userId, key, location);
  else await releaseFormKey(userId, key);
  return result;
}
