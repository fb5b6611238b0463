/**
 * The operator's company profile (docs/admin.md, "Company profile"): one row of `settings`
 * (`companyProfile`, a JSON object of the profile's fields and its `version`). Every reader — the
 * footer, the e-mails, the statement PDF, the SEPA file, the privacy notice — calls `getCompanyProfile`,
 * so a saved change shows on the next request (the home page's copy is dropped by the save's POST).
 */
import { eq } from "drizzle-orm";
import { settings } from "~db/schema";
import { COMPANY_FIELDS, formatIco, type CompanyField, type CompanyProfile } from "~/domain/company-profile";
import { config } from "~/infra/config.server";
import { preparedQuery, transaction, type Tx } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";

export const COMPANY_PROFILE_KEY = "companyProfile";

type Stored = CompanyProfile & { version: number };

const storedRow = preparedQuery((connection) =>
  connection.select({ value: settings.value }).from(settings).where(eq(settings.key, COMPANY_PROFILE_KEY)).prepare(),
);

/** The stored fields that are non-empty strings, and the version (0: never saved). */
function parse(value: unknown): Stored {
  const stored: Stored = { version: 0 };
  if (!value || typeof value !== "object") return stored;
  const record = value as Record<string, unknown>;
  for (const field of COMPANY_FIELDS) {
    const v = record[field];
    if (typeof v === "string" && v.trim() !== "") stored[field] = v;
  }
  if (typeof record.version === "number" && Number.isSafeInteger(record.version)) stored.version = record.version;
  return stored;
}

/**
 * The payout account of a profile that has none comes from `PAYOUT_DEBTOR_*` (CONTRACT §7): the
 * configuration gives the first value, and the admin's first save keeps it in the profile.
 */
function withConfiguredDebtor(stored: Stored): Stored {
  if (stored.payoutName || stored.payoutIban) return stored;
  const { name, iban, bic } = config().payoutDebtor;
  return { ...stored, payoutName: name, payoutIban: iban, payoutBic: stored.payoutBic ?? bic };
}

async function readStored(tx?: Tx): Promise<Stored> {
  const rows = tx
    ? await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, COMPANY_PROFILE_KEY))
    : await storedRow().execute();
  return withConfiguredDebtor(parse(rows[0]?.value));
}

/**
 * The company profile as it is now: each field set, or absent. A new production installation has an
 * empty one (no demo company), until an admin fills it in at /admin/settings/company. Inside a
 * transaction pass its `tx`.
 */
export async function getCompanyProfile(tx?: Tx): Promise<CompanyProfile> {
  const { version: _version, ...profile } = await readStored(tx);
  return profile;
}

/** The profile and the version the form carries, so a save made against an older one is refused. */
export async function getCompanyProfileForEdit(): Promise<{ profile: CompanyProfile; version: number }> {
  const { version, ...profile } = await readStored();
  return { profile, version };
}

export class CompanyProfileError extends Error {
  override name = "CompanyProfileError";
  constructor(readonly key: "conflict") {
    super(`company profile: ${key}`);
  }
}

/** Only the profile's own fields, each a non-empty string (an empty one is left out). */
function profileOnly(values: CompanyProfile): CompanyProfile {
  const profile: CompanyProfile = {};
  for (const field of COMPANY_FIELDS) {
    const v = values[field];
    if (typeof v === "string" && v !== "") profile[field] = v;
  }
  return profile;
}

/**
 * Saves the whole profile when it is still at `expectedVersion`, with one audit entry listing the
 * changed fields (old → new). A profile another admin saved meanwhile is not overwritten: the save is
 * refused (`conflict`) and the caller shows the form again with what was typed.
 */
export async function saveCompanyProfile(adminId: number, expectedVersion: number, values: CompanyProfile) {
  const next = profileOnly(values);
  return transaction(async (tx) => {
    const rows = await forUpdate(
      tx.select({ value: settings.value }).from(settings).where(eq(settings.key, COMPANY_PROFILE_KEY)),
    );
    const current = parse(rows[0]?.value);
    if (current.version !== expectedVersion) throw new CompanyProfileError("conflict");
    const version = expectedVersion + 1;
    const value = { ...next, version };
    const now = new Date();
    if (rows.length === 0) {
      // Two first saves at once: the row's key lets one insert; the other finds nothing inserted.
      const inserted = await tx
        .insert(settings)
        .values({ key: COMPANY_PROFILE_KEY, value, updatedAt: now })
        .onConflictDoNothing()
        .returning({ key: settings.key });
      if (inserted.length === 0) throw new CompanyProfileError("conflict");
    } else {
      await tx.update(settings).set({ value, updatedAt: now }).where(eq(settings.key, COMPANY_PROFILE_KEY));
    }
    const changed = COMPANY_FIELDS.filter((field) => current[field] !== next[field]);
    if (changed.length > 0)
      await recordAudit(tx, {
        actorId: adminId,
        action: "company_profile.update",
        entityType: "company_profile",
        before: pick(current, changed),
        after: pick(next, changed),
      });
    return { version, changed };
  });
}

function pick(profile: CompanyProfile, fields: CompanyField[]) {
  return Object.fromEntries(fields.map((field) => [field, profile[field] ?? null]));
}

/** Writes a profile as it is, unless one is stored (the demo seed), in the caller's transaction. */
export async function writeCompanyProfile(tx: Tx, profile: CompanyProfile) {
  await tx
    .insert(settings)
    .values({ key: COMPANY_PROFILE_KEY, value: { ...profileOnly(profile), version: 1 }, updatedAt: new Date() })
    .onConflictDoNothing();
}

/** The lines every e-mail ends with: the company's name, address, IČO and contacts, those that are set. */
export function companyMailFooter(profile: CompanyProfile, language: string): string[] {
  const t = translatorFor(language);
  return [
    [profile.legalName, profile.address].filter(Boolean).join(", "),
    profile.ico ? t("email:footer.ico", { ico: formatIco(profile.ico) }) : "",
    [profile.email, profile.phone].filter(Boolean).join(" · "),
  ].filter(Boolean);
}
