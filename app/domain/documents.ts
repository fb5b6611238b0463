/**
 * Identity documents: the kinds a courier uploads and the one rule of who must show what. Used by
 * the application schema (browser and action), the model that submits, and new right-to-stay
 * documents (document-expiry.ts).
 */
import type { Citizenship } from "./application-schema";

export const REQUIRED_DOCUMENTS = ["face_photo", "id_front", "id_back"] as const;
export const RESIDENCE_DOCUMENTS = ["residence_front", "residence_back"] as const;
/** The documents that carry a valid-until date: a residence permit (both sides) or a refugee document. */
export const RIGHT_TO_STAY_KINDS = [...RESIDENCE_DOCUMENTS, "refugee_document"] as const;
export const DOCUMENT_KINDS = [...REQUIRED_DOCUMENTS, ...RIGHT_TO_STAY_KINDS] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Only citizens from outside the EU/EEA/Switzerland need a right to stay (residence permit or refugee document). */
export function needsRightToStay(citizenship: Citizenship | null | undefined): boolean {
  return citizenship === "other";
}

/**
 * What a right to stay still lacks: the missing sides of a residence permit once one side is
 * there, "either" when there is neither a residence permit nor a refugee document, else null.
 */
export function missingRightToStay(has: (kind: DocumentKind) => boolean): { sides: DocumentKind[] } | "either" | null {
  if (RESIDENCE_DOCUMENTS.some(has)) {
    const sides = RESIDENCE_DOCUMENTS.filter((kind) => !has(kind));
    return sides.length > 0 ? { sides } : null;
  }
  return has("refugee_document") ? null : "either";
}

export type DocumentIssue = {
  field: DocumentKind;
  message: "errors.documentRequired" | "errors.residenceBothSides" | "errors.residenceOrRefugee";
};

/**
 * The one document rule, used by the schema (browser and action) and by the model that submits:
 * face photo and both sides of the ID always; for "other" citizens also a residence permit (both
 * sides) or a refugee document. Slovak and EU citizens never see those fields, so a leftover
 * draft of one is not held against them.
 */
export function documentIssues(
  citizenship: Citizenship | null | undefined,
  has: (field: DocumentKind) => boolean,
): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  for (const field of REQUIRED_DOCUMENTS) if (!has(field)) issues.push({ field, message: "errors.documentRequired" });
  if (!needsRightToStay(citizenship)) return issues;
  const missing = missingRightToStay(has);
  if (missing === "either") issues.push({ field: "residence_front", message: "errors.residenceOrRefugee" });
  else if (missing) for (const field of missing.sides) issues.push({ field, message: "errors.residenceBothSides" });
  return issues;
}

/**
 * The id of a document's file input on the courier's application form: the error summary, the
 * rejection card and the rejection e-mail (`/dashboard#…`) link straight to it.
 */
export function documentFieldId(kind: DocumentKind) {
  return `document-${kind}`;
}
