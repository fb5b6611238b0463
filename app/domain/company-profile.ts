/**
 * The operator's company profile (CONTRACT §8): who the company is, how people reach it and the account
 * that pays the couriers. The admin form's schema is in company-profile-form.ts; the fields every
 * reader shows (footer, e-mails, statement PDF, SEPA file, privacy notice) are optional, because a new
 * installation starts with none. Messages are translation keys of the `admin` namespace.
 */

export type CompanyProfile = {
  /** The legal name with its form, e.g. "Courier Fleet s.r.o." (the statement's payer, the privacy notice's controller). */
  legalName?: string;
  /** One line: street and number, postal code and town. */
  address?: string;
  /** Identifikačné číslo organizácie: eight digits, stored without spaces. */
  ico?: string;
  /** IČ DPH: "SK" and ten digits; only a VAT payer has one. */
  vatId?: string;
  /** The register and court that keep the entry, e.g. "Obchodný register Mestského súdu Bratislava III, oddiel Sro, vložka č. 123456/B". */
  registerEntry?: string;
  email?: string;
  /** The support line as people write it ("+421 2 1234 5678"); `telHref` makes the link. */
  phone?: string;
  /** The payout account (the SEPA file's debtor): holder in SEPA Latin, IBAN of a SEPA country, optional BIC. */
  payoutName?: string;
  payoutIban?: string;
  payoutBic?: string;
};

export const COMPANY_FIELDS = [
  "legalName",
  "address",
  "ico",
  "vatId",
  "registerEntry",
  "email",
  "phone",
  "payoutName",
  "payoutIban",
  "payoutBic",
] as const satisfies readonly (keyof CompanyProfile)[];
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** What a complete profile has; IČ DPH (not every company pays VAT) and the BIC (IBAN-only payments) may stay empty. */
export const REQUIRED_COMPANY_FIELDS = [
  "legalName",
  "address",
  "ico",
  "registerEntry",
  "email",
  "phone",
  "payoutName",
  "payoutIban",
] as const satisfies readonly CompanyField[];

/** The required fields still empty: what "Finish setting up" lists. */
export function missingCompanyFields(profile: CompanyProfile): CompanyField[] {
  return REQUIRED_COMPANY_FIELDS.filter((field) => !profile[field]);
}

/** The facts the public pages show (footer, `mailto:`/`tel:` links); the payout account stays in the admin. */
export type CompanyContact = Pick<CompanyProfile, "legalName" | "address" | "ico" | "vatId" | "email" | "phone">;

export function companyContact(profile: CompanyProfile): CompanyContact {
  const { legalName, address, ico, vatId, email, phone } = profile;
  return { legalName, address, ico, vatId, email, phone };
}

/**
 * A Slovak IČO: eight digits (spaces allowed). The mod-11 check digit is not enforced: the operator's
 * stated IČO (CONTRACT §8, 55 123 456) does not pass it, and the form must accept what the register says.
 */
export function isValidIco(input: string): boolean {
  return /^\d{8}$/.test(input.replace(/\s/g, ""));
}

/** "55123456" as it is written on documents: "55 123 456". */
export function formatIco(ico: string): string {
  return ico.length === 8 ? `${ico.slice(0, 2)} ${ico.slice(2, 5)} ${ico.slice(5)}` : ico;
}

/** Spaces, dashes, dots and brackets people type between the digits of a phone number. */
const PHONE_SEPARATORS = /[\s\-.()/]/g;
/** E.164: a plus, a country code and at most fifteen digits in all ("+421 2 1234 5678"). */
export function isValidPhone(input: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(input.replace(PHONE_SEPARATORS, ""));
}
