/**
 * The operator's legal texts (privacy notice, terms of use) as dated versions per language, and which
 * version each person was shown: at registration, and when they acknowledged a newer one.
 */
import { and, desc, eq } from "drizzle-orm";
import { legalConsents, legalDocuments, users } from "~db/schema";
import { LEGAL_KINDS, type LegalKind } from "~/domain/legal-text";
import type { Language } from "~/domain/rules";
import { db, transaction, type Tx } from "~/infra/db.server";
import { recordAudit } from "./audit.server";

export type LegalDocument = typeof legalDocuments.$inferSelect;

/** The version in force of a text in one language, or null while the operator has published none. */
export async function currentLegalDocument(kind: LegalKind, language: Language, tx?: Tx) {
  const [row] = await (tx ?? db())
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.language, language)))
    .orderBy(desc(legalDocuments.version))
    .limit(1);
  return row ?? null;
}

export async function legalDocumentVersion(kind: LegalKind, language: Language, version: number) {
  const [row] = await db()
    .select()
    .from(legalDocuments)
    .where(
      and(eq(legalDocuments.kind, kind), eq(legalDocuments.language, language), eq(legalDocuments.version, version)),
    )
    .limit(1);
  return row ?? null;
}

/** The version number in force of each text in one language (0: nothing published, the template is shown). */
export async function currentLegalVersions(language: Language): Promise<Record<LegalKind, number>> {
  return versionsOf(await legalHeads(language));
}

/** The newest version of each text in one language: its number and date, never its body. */
type LegalHead = { id: number; kind: LegalKind; version: number; publishedAt: Date };

async function legalHeads(language: Language, tx?: Tx): Promise<LegalHead[]> {
  // A handful of versions per text ever: all of them, the newest picked here.
  const rows = await (tx ?? db())
    .select({
      id: legalDocuments.id,
      kind: legalDocuments.kind,
      version: legalDocuments.version,
      publishedAt: legalDocuments.publishedAt,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.language, language));
  const heads = new Map<LegalKind, LegalHead>();
  for (const row of rows) if ((heads.get(row.kind)?.version ?? 0) < row.version) heads.set(row.kind, row);
  return LEGAL_KINDS.flatMap((kind) => heads.get(kind) ?? []);
}

function versionsOf(heads: LegalHead[]): Record<LegalKind, number> {
  const versions = { privacy: 0, terms: 0 };
  for (const head of heads) versions[head.kind] = head.version;
  return versions;
}

/**
 * What every page tells its reader about the legal texts: the versions in force (the register form
 * records them) and, for a logged-in reader, the texts newer than what they were shown. Two reads,
 * neither of them a text's body.
 */
export async function legalStateFor(userId: number | null, language: Language) {
  const [heads, seen] = await Promise.all([legalHeads(language), userId === null ? [] : consentsOf(userId)]);
  return { versions: versionsOf(heads), newer: newerThanSeen(heads, seen, language) };
}

/** Every published version of a text in one language, newest first, with who published it. */
export async function listLegalVersions(kind: LegalKind, language: Language) {
  return db()
    .select({
      version: legalDocuments.version,
      publishedAt: legalDocuments.publishedAt,
      publishedBy: users.email,
    })
    .from(legalDocuments)
    .leftJoin(users, eq(users.id, legalDocuments.publishedById))
    .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.language, language)))
    .orderBy(desc(legalDocuments.version));
}

export type PublishResult = { ok: true; version: number } | { ok: false; reason: "stale"; version: number };

/**
 * Publishes a new version. `basedOn` is the version the admin's form was opened on: if another admin
 * published meanwhile, nothing is written and the admin is told, so no one overwrites a text unseen.
 */
export async function publishLegalDocument(input: {
  kind: LegalKind;
  language: Language;
  body: string;
  basedOn: number;
  actorId: number;
  now?: Date;
}): Promise<PublishResult> {
  try {
    return await transaction(async (tx) => {
      const current = (await currentLegalDocument(input.kind, input.language, tx))?.version ?? 0;
      if (current !== input.basedOn) return { ok: false, reason: "stale", version: current } as const;
      const version = current + 1;
      const [row] = await tx
        .insert(legalDocuments)
        .values({
          kind: input.kind,
          language: input.language,
          version,
          body: input.body,
          publishedAt: input.now ?? new Date(),
          publishedById: input.actorId,
        })
        .returning({ id: legalDocuments.id });
      // The admin who published it has read it: no notice of their own text.
      await tx.insert(legalConsents).values({
        userId: input.actorId,
        kind: input.kind,
        language: input.language,
        version,
        documentId: row!.id,
        source: "notice",
        acceptedAt: input.now ?? new Date(),
      });
      await recordAudit(tx, {
        actorId: input.actorId,
        action: "legal_document.publish",
        entityType: "legal_document",
        entityId: row!.id,
        before: current ? { version: current } : null,
        after: { kind: input.kind, language: input.language, version },
      });
      return { ok: true, version } as const;
    });
  } catch (error) {
    // Two admins publishing the same version at once on PostgreSQL: the unique index lets one in, and
    // the other finds a newer version than the one its form was opened on.
    const version = (await currentLegalDocument(input.kind, input.language))?.version ?? 0;
    if (version !== input.basedOn) return { ok: false, reason: "stale", version };
    throw error;
  }
}

export type ShownVersions = Record<LegalKind, number>;

/**
 * Records that a person was shown these versions (registration, or the notice of a newer version):
 * 0 is the template shown before anything was published; a version not sent, or one the language does
 * not have (a forged form), is recorded as the one in force.
 */
export async function recordLegalConsents(
  tx: Tx,
  input: {
    userId: number;
    language: Language;
    shown: Partial<ShownVersions>;
    source: "registration" | "notice";
    at?: Date;
  },
) {
  for (const kind of LEGAL_KINDS) {
    const current = await currentLegalDocument(kind, input.language, tx);
    const wanted = input.shown[kind];
    let shown: LegalDocument | null = current;
    if (wanted === 0) shown = null;
    else if (wanted !== undefined && current && wanted < current.version) {
      const [older] = await tx
        .select()
        .from(legalDocuments)
        .where(
          and(
            eq(legalDocuments.kind, kind),
            eq(legalDocuments.language, input.language),
            eq(legalDocuments.version, wanted),
          ),
        )
        .limit(1);
      shown = older ?? current;
    }
    await tx.insert(legalConsents).values({
      userId: input.userId,
      kind,
      language: input.language,
      version: shown?.version ?? 0,
      documentId: shown?.id ?? null,
      source: input.source,
      acceptedAt: input.at ?? new Date(),
    });
  }
}

/**
 * The texts in force in the user's language that the user has not been shown: no record of that
 * version (or a later one) in that language, and none in another language since it was published.
 * The one-time notice lists them.
 */
export async function newerLegalVersions(userId: number, language: Language, tx?: Tx): Promise<LegalHead[]> {
  const heads = await legalHeads(language, tx);
  return newerThanSeen(heads, await consentsOf(userId, tx), language);
}

function consentsOf(userId: number, tx?: Tx) {
  return (tx ?? db())
    .select({
      kind: legalConsents.kind,
      language: legalConsents.language,
      version: legalConsents.version,
      acceptedAt: legalConsents.acceptedAt,
    })
    .from(legalConsents)
    .where(eq(legalConsents.userId, userId));
}

type Consent = Awaited<ReturnType<typeof consentsOf>>[number];

/** A text is news to a reader unless they saw this version, or any version of it published since, in another language. */
function newerThanSeen(heads: LegalHead[], seen: Consent[], language: Language): LegalHead[] {
  return heads.filter(
    (current) =>
      !seen.some(
        (c) =>
          c.kind === current.kind &&
          (c.language === language ? c.version >= current.version : c.acceptedAt >= current.publishedAt),
      ),
  );
}

/** The user has seen the notice: the versions in force in their language are recorded as shown. */
export async function acknowledgeLegalVersions(userId: number, language: Language, at = new Date()) {
  await transaction(async (tx) => {
    for (const document of await newerLegalVersions(userId, language, tx))
      await tx.insert(legalConsents).values({
        userId,
        kind: document.kind,
        language,
        version: document.version,
        documentId: document.id,
        source: "notice",
        acceptedAt: at,
      });
  });
}

/** What the user was shown and when, oldest first: part of their data export. */
export async function listLegalConsents(userId: number) {
  return db()
    .select({
      kind: legalConsents.kind,
      language: legalConsents.language,
      version: legalConsents.version,
      source: legalConsents.source,
      acceptedAt: legalConsents.acceptedAt,
      publishedAt: legalDocuments.publishedAt,
    })
    .from(legalConsents)
    .leftJoin(legalDocuments, eq(legalDocuments.id, legalConsents.documentId))
    .where(eq(legalConsents.userId, userId))
    .orderBy(legalConsents.acceptedAt, legalConsents.id);
}
