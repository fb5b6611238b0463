import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import { recoveryCodes, sessions, totpCredentials, users } from "~db/schema";
import { formatRecoveryCode, parseSecondFactorCode, RECOVERY_CODE_COUNT, TOTP_ISSUER } from "~/domain/second-factor";
import { seal, unseal } from "~/infra/crypto.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { recordAudit } from "./audit.server";

/** One step either side of now: a phone clock 30 s off still works, an old code does not. */
const EPOCH_TOLERANCE_SECONDS = 30;
// argon2id like passwords, lighter: a code has ~50 bits of entropy and is tried rarely.
const RECOVERY_HASH = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;
/** The TOTP secret is stored sealed (AES-GCM under a key derived from SESSION_SECRET). */
const SEAL_PURPOSE = "totp-secret";

export type SecondFactorState = { enrolled: false } | { enrolled: true; enabledAt: Date; recoveryCodesLeft: number };

export async function getSecondFactorState(userId: number): Promise<SecondFactorState> {
  const [row] = await db()
    .select({ enabledAt: totpCredentials.enabledAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId))
    .limit(1);
  if (!row?.enabledAt) return { enrolled: false };
  const [left] = await db()
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enrolled: true, enabledAt: row.enabledAt, recoveryCodesLeft: left?.n ?? 0 };
}

/** The live pending session `idHash` of the user: the only place an unconfirmed key is kept. */
function pendingSession(userId: number, idHash: string) {
  return and(eq(sessions.idHash, idHash), eq(sessions.userId, userId), eq(sessions.secondFactorPending, true));
}

export type PendingEnrolment = { secret: string; uri: string; anotherBrowserEnrolling: boolean };

/**
 * The key of the enrolment this pending session shows, created on its first call and kept with the
 * session (sealed), so a reload shows the same QR code while no other browser ever sees it. The
 * key ends with the session: password reset, role change, log-out and expiry all remove it.
 * `anotherBrowserEnrolling` is true when this call created the key while another live session of
 * the account holds one of its own. Null when the user is enrolled or the session is not pending.
 */
export async function pendingEnrolment(
  userId: number,
  email: string,
  sessionIdHash: string,
  now = Date.now(),
): Promise<PendingEnrolment | null> {
  if ((await credentialOf(userId))?.enabledAt) return null;
  const [row] = await db()
    .select({ sealed: sessions.pendingTotpSecret })
    .from(sessions)
    .where(pendingSession(userId, sessionIdHash))
    .limit(1);
  if (!row) return null;
  let secret = row.sealed ? unseal(row.sealed, SEAL_PURPOSE) : null;
  let anotherBrowserEnrolling = false;
  if (!secret) {
    // None yet, or sealed under a SESSION_SECRET that has changed since: start afresh.
    const fresh = generateSecret();
    const created = await transaction(async (tx) => {
      // Two loads of one page at once: only the first key is kept, the other reads it back.
      const set = await tx
        .update(sessions)
        .set({ pendingTotpSecret: seal(fresh, SEAL_PURPOSE) })
        .where(
          and(
            pendingSession(userId, sessionIdHash),
            row.sealed ? eq(sessions.pendingTotpSecret, row.sealed) : isNull(sessions.pendingTotpSecret),
          ),
        )
        .returning({ idHash: sessions.idHash });
      if (set.length === 0) return null;
      const others = await tx
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            ne(sessions.idHash, sessionIdHash),
            isNotNull(sessions.pendingTotpSecret),
            gt(sessions.expiresAt, new Date(now)),
          ),
        )
        .limit(1);
      return { others: others.length > 0 };
    });
    if (!created) return pendingEnrolment(userId, email, sessionIdHash, now);
    secret = fresh;
    anotherBrowserEnrolling = created.others;
  }
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: email, secret }), anotherBrowserEnrolling };
}

/** The time step of a valid authenticator code newer than the last one accepted, else null. */
async function checkTotp(sealedSecret: string, code: string, lastTimeStep: number | null) {
  const secret = unseal(sealedSecret, SEAL_PURPOSE);
  if (!secret) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(lastTimeStep === null ? {} : { afterTimeStep: lastTimeStep }),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    // otplib throws on an afterTimeStep beyond the window (a clock moved back): not a valid code.
    return null;
  }
}

/**
 * Marks a time step used, only if no later or equal one was used meanwhile: of two requests with
 * the same code, exactly one wins.
 */
async function claimTimeStep(tx: Tx, userId: number, step: number) {
  const claimed = await tx
    .update(totpCredentials)
    .set({ lastTimeStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        or(isNull(totpCredentials.lastTimeStep), lt(totpCredentials.lastTimeStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return claimed.length === 1;
}

async function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(10)));
  const hashes = await Promise.all(codes.map((code) => Bun.password.hash(code, RECOVERY_HASH)));
  return { codes, hashes };
}

async function replaceRecoveryCodes(tx: Tx, userId: number, hashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length) await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

async function credentialOf(userId: number) {
  const [row] = await db().select().from(totpCredentials).where(eq(totpCredentials.userId, userId)).limit(1);
  return row;
}

/**
 * Confirms the key of this pending session with its first code: it becomes the account's
 * authenticator, and every other browser's unconfirmed key is dropped. Returns the ten recovery
 * codes, shown once; only their hashes are kept.
 */
export async function completeEnrolment(
  userId: number,
  sessionIdHash: string,
  code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }> {
  const parsed = parseSecondFactorCode(code);
  if (parsed?.kind !== "totp") return { ok: false };
  const [row] = await db()
    .select({ sealed: sessions.pendingTotpSecret })
    .from(sessions)
    .where(pendingSession(userId, sessionIdHash))
    .limit(1);
  if (!row?.sealed) return { ok: false };
  const step = await checkTotp(row.sealed, parsed.code, null);
  if (step === null) return { ok: false };
  const { codes, hashes } = await newRecoveryCodes();
  const done = await transaction(async (tx) => {
    const now = new Date();
    // Only while no authenticator is confirmed: of two browsers confirming at once, one wins.
    const confirmed = await tx
      .insert(totpCredentials)
      .values({ userId, secret: row.sealed!, enabledAt: now, lastTimeStep: step })
      .onConflictDoUpdate({
        target: totpCredentials.userId,
        set: { secret: row.sealed!, enabledAt: now, lastTimeStep: step },
        setWhere: isNull(totpCredentials.enabledAt),
      })
      .returning({ userId: totpCredentials.userId });
    if (confirmed.length !== 1) return false;
    await tx.update(sessions).set({ pendingTotpSecret: null }).where(eq(sessions.userId, userId));
    await replaceRecoveryCodes(tx, userId, hashes);
    await recordAudit(tx, {
      actorId: userId,
      action: "user.second_factor_enrolled",
      entityType: "user",
      entityId: userId,
      subjectUserId: userId,
    });
    return true;
  });
  return done ? { ok: true, recoveryCodes: codes } : { ok: false };
}

/**
 * Checks an authenticator code (each at most once) or an unused recovery code (then spent).
 * The caller counts the attempt against the rate limit before calling.
 */
export async function verifySecondFactor(
  userId: number,
  input: string,
): Promise<{ ok: true; method: "totp" | "recovery" } | { ok: false }> {
  const parsed = parseSecondFactorCode(input);
  const row = await credentialOf(userId);
  if (!parsed || !row?.enabledAt) return { ok: false };
  if (parsed.kind === "totp") {
    const step = await checkTotp(row.secret, parsed.code, row.lastTimeStep);
    if (step === null) return { ok: false };
    return (await transaction((tx) => claimTimeStep(tx, userId, step))) ? { ok: true, method: "totp" } : { ok: false };
  }
  const unused = await db()
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const candidate of unused) {
    if (!(await Bun.password.verify(parsed.code, candidate.codeHash))) continue;
    const spent = await transaction((tx) =>
      tx
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(recoveryCodes.id, candidate.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id }),
    );
    return spent.length === 1 ? { ok: true, method: "recovery" } : { ok: false };
  }
  return { ok: false };
}

/** Ten fresh recovery codes; the old ones stop working. */
export async function regenerateRecoveryCodes(userId: number) {
  const { codes, hashes } = await newRecoveryCodes();
  await transaction(async (tx) => {
    await replaceRecoveryCodes(tx, userId, hashes);
    await recordAudit(tx, {
      actorId: userId,
      action: "user.recovery_codes_renewed",
      entityType: "user",
      entityId: userId,
      subjectUserId: userId,
    });
  });
  return codes;
}

/**
 * Removes the authenticator and recovery codes of an account (operator's command for an admin who
 * lost both); the next log-in asks for a new enrolment. False when the e-mail is unknown.
 */
export async function resetSecondFactor(email: string) {
  return transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.trim().toLowerCase()))
      .limit(1);
    if (!user) return false;
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAudit(tx, {
      actorId: null,
      action: "user.second_factor_reset",
      entityType: "user",
      entityId: user.id,
      subjectUserId: user.id,
    });
    return true;
  });
}
