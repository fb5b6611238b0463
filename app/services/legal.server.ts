/**
 * The legal texts as people read them: the published version in their language, else the template
 * prefilled with the operator's facts and the retention rules in force.
 */
import { legalTemplate, PAY_RECORD_RETENTION_YEARS, type LegalFacts } from "~/domain/legal-templates";
import type { LegalKind } from "~/domain/legal-text";
import { DEVICE_REMEMBER_DAYS, SESSION_ABSOLUTE_DAYS, SUPPORT_PHONE, type Language } from "~/domain/rules";
import { translatorFor } from "~/infra/i18n.server";
import { currentLegalDocument, legalDocumentVersion } from "~/models/legal-documents.server";
import { getSettings } from "~/models/settings.server";

/**
 * The controller's facts. They live in the footer's translations today; the one place to swap for the
 * operator's company profile.
 */
function controllerFacts(language: Language): LegalFacts["controller"] {
  const t = translatorFor(language);
  return {
    name: t("footer.company"),
    address: t("footer.address"),
    registration: t("footer.registration"),
    email: t("footer.email"),
    phone: SUPPORT_PHONE,
  };
}

export async function legalFacts(language: Language): Promise<LegalFacts> {
  return {
    controller: controllerFacts(language),
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
