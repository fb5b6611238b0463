/** Test data written through the same tables the app uses (bun test and Playwright under Bun). */
import { eq } from "drizzle-orm";
import { generateSecret, generateSync } from "otplib";
import { settings, statusHistory, totpCredentials, users } from "~db/schema";
import type { CompanyProfile } from "~/domain/company-profile";
import { COMPANY_PROFILE_KEY } from "~/models/company-profile.server";
import type { UserStatus } from "~/domain/status";
import { seal } from "~/infra/crypto.server";
import { writerForTests } from "~/infra/db.server";
import { sessionCookie } from "~/infra/cookies.server";
import { createSession } from "~/models/sessions.server";
import { getPaySettings } from "~/models/settings.server";
import { RENT_AGREEMENT_VERSION, type RentAgreementInput } from "~/domain/rent-agreement";

let counter = 0;
// A cheap hash keeps test set-up fast; production always uses argon2id's defaults.
const hashCache = new Map<string, string>();
async function fastHash(password: string) {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = await Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });
    hashCache.set(password, hash);
  }
  return hash;
}

export const TEST_PASSWORD = "Courier-Test-1!";

export async function createUser(
  overrides: Partial<{
    email: string;
    role: "user" | "admin";
    status: UserStatus;
    active: boolean;
    fullName: string;
    language: "sk" | "ua" | "en";
    password: string;
  }> = {},
) {
  counter += 1;
  const email = overrides.email ?? `user${Date.now().toString(36)}${counter}@example.com`;
  const row = (
    await writerForTests()
      .insert(users)
      .values({
        email: email.toLowerCase(),
        passwordHash: await fastHash(overrides.password ?? TEST_PASSWORD),
        role: overrides.role ?? "user",
        status: overrides.status ?? "confirmed_account",
        active: overrides.active ?? true,
        fullName: overrides.fullName ?? null,
        language: overrides.language ?? "en",
      })
      .returning()
  )[0]!;
  await writerForTests().insert(statusHistory).values({ userId: row.id, toStatus: row.status, reason: "test" });
  return row;
}

/** A logged-in session for the user, as the Cookie header value the browser would send. */
export async function sessionCookieHeader(userId: number, options: { secondFactorPending?: boolean } = {}) {
  const id = await createSession(userId, { ip: "127.0.0.1", secondFactorPending: options.secondFactorPending });
  const setCookie = await sessionCookie().serialize(id);
  return setCookie.split(";")[0]!;
}

export async function getUserRow(id: number) {
  return (await writerForTests().select().from(users).where(eq(users.id, id)))[0];
}

/**
 * Gives a user a confirmed authenticator, as an admin has after enrolment. `code(step)` is the code
 * `step` periods from now: each code is accepted once, so a test that confirms twice in one
 * 30-second window takes the next one (the server accepts one period either side).
 */
export async function enrolSecondFactor(userId: number) {
  const secret = generateSecret();
  const sealed = seal(secret, "totp-secret");
  await writerForTests()
    .insert(totpCredentials)
    .values({ userId, secret: sealed, enabledAt: new Date() })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secret: sealed, enabledAt: new Date(), lastTimeStep: null },
    });
  return { secret, code: (step = 0) => totpCode(secret, step) };
}

export function totpCode(secret: string, step = 0) {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + step * 30 });
}

/**
 * The `key` of the refusal `run` throws, when it is of `kind` (DecisionError, HandoverError, …);
 * any other error is rethrown, and no error at all fails the test.
 */
export async function refusalKey<E extends Error & { key: string }>(
  kind: abstract new (...args: never[]) => E,
  run: () => unknown,
): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof kind) return error.key;
    throw error;
  }
  throw new Error(`expected a ${kind.name}`);
}

/** The company profile stated as given (at `version`), replacing any; `clearCompanyProfile` leaves none, as on a new installation. */
export async function setCompanyProfile(profile: CompanyProfile, version = 1) {
  await clearCompanyProfile();
  await writerForTests()
    .insert(settings)
    .values({ key: COMPANY_PROFILE_KEY, value: { ...profile, version }, updatedAt: new Date() });
}

export async function clearCompanyProfile() {
  await writerForTests().delete(settings).where(eq(settings.key, COMPANY_PROFILE_KEY));
}

/** The courier ticks the rent agreement the vehicle request shows, with the rent per day in force. */
export async function agreedRent(): Promise<RentAgreementInput> {
  return { version: RENT_AGREEMENT_VERSION, rentPerDayCents: (await getPaySettings()).rentPerDayCents };
}
