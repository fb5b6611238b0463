/**
 * The legal texts as people read them: the published version in their language, else the template
 * prefilled with the operator's facts and the retention rules in force.
 */
import { formatIco } from "~/domain/company-profile";
import { legalTemplate, type LegalFacts } from "~/domain/legal-templates";
import type { LegalKind } from "~/domain/legal-text";
import { PAY_RECORD_RETENTION_YEARS } from "~/domain/operator-rules";
import { DEVICE_REMEMBER_DAYS, SESSION_ABSOLUTE_DAYS, type Language } from "~/domain/rules";
import { translatorFor } from "~/infra/i18n.server";
import { getCompanyProfile } from "~/models/company-profile.server";
import { currentLegalDocument, legalDocumentVersion } from "~/models/legal-documents.server";
import { getSettings } from "~/models/settings.server";

/** The controller's facts, as the operator's company profile states them (a field not set stays empty). */
async function controllerFacts(language: Language): Promise<LegalFacts["controller"]> {
  const t = translatorFor(language);
  const profile = await getCompanyProfile();
  const numbers = [
    profile.ico ? t("footer.ico", { ico: formatIco(profile.ico) }) : null,
    profile.vatId ? t("footer.vatId", { vatId: profile.vatId }) : null,
    profile.registerEntry ?? null,
  ].filter(Boolean);
  return {
    name: profile.legalName ?? "",
    address: profile.address ?? "",
    registration: numbers.join(" · "),
    email: profile.email ?? "",
    phone: profile.phone ?? "",
  };
}

export async function legalFacts(language: Language): Promise<LegalFacts> {
  return {
    controller: await controllerFacts(language),
    retention: {
      rejectedDocumentDays: (await getSettings()).rejectedDocumentRetentionDays,
      sessionDays: SESSION_ABSOLUTE_DAYS,
      deviceDays: DEVICE_REMEMBER_DAYS,
      payRecordYears: PAY_RECORD_RETENTION_YEARS,
    },
  };
}

export async function legalTemplateFor(kind: LegalKind, language: Language) {
  return legalTemplate(kind, language, await legalFacts(language));
}

export type LegalText = { kind: LegalKind; version: number; publishedAt: Date | null; body: string };

/** A published version (the one in force, or `version` when asked for), or the template as version 0. */
export async function legalTextFor(kind: LegalKind, language: Language, version?: number): Promise<LegalText | null> {
  const row = version
    ? await legalDocumentVersion(kind, language, version)
    : await currentLegalDocument(kind, language);
  if (row) return { kind, version: row.version, publishedAt: row.publishedAt, body: row.body };
  if (version) return null;
  return { kind, version: 0, publishedAt: null, body: await legalTemplateFor(kind, language) };
}
