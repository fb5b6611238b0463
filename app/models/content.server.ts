import { and, asc, count, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { faqEntries, fleetModels, newsPosts, partners, uploads } from "~db/schema";
import {
  fillFaqValues,
  type FaqEntry,
  type FaqValues,
  type FleetItem,
  type LicenceCategory,
  type MoveDirection,
  type NewsItem,
  type PartnerItem,
} from "~/domain/content";
import { formatCents } from "~/domain/pay-format";
import {
  localized,
  missingLanguages,
  normalizeOptional,
  pickLocalized,
  type LocalizedText,
} from "~/domain/localized-text";
import type { Language } from "~/domain/rules";
import { db, transaction, type Tx } from "~/infra/db.server";
import type { PreparedUpload, ReceivedFile } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { getPaySettings } from "./settings.server";
import { NEWS_TEXTS } from "./news.server";
import { insertUploadRows, withUploads } from "./uploads.server";

/**
 * The landing page's editable content (FAQ, fleet banner, partners, news): the public reads, and the
 * admin's edits at /admin/content (each in one transaction with its audit entry). The home page copy
 * is dropped after every admin post (page-cache.server.ts), so a change shows there at once.
 */

/** The values FAQ texts may name, from the rules in force, in the reader's language. */
export async function faqValues(language: Language): Promise<FaqValues> {
  const pay = await getPaySettings();
  return {
    hourlyRate: formatCents(pay.hourlyRateCents, language),
    rentPerDay: formatCents(pay.rentPerDayCents, language),
  };
}

/** The published (not hidden) FAQ in the reader's language (else its fallback), values filled in. */
export async function listFaq(language: Language): Promise<FaqEntry[]> {
  const rows = await db()
    .select()
    .from(faqEntries)
    .where(eq(faqEntries.hidden, false))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
  if (rows.length === 0) return [];
  const values = await faqValues(language);
  return rows.map((row) => {
    const question = pickLocalized(faqQuestion(row), language);
    // The answer in the language the question is shown in, so a pair never mixes languages.
    const answer = faqAnswer(row)[question.language] ?? localized(faqAnswer(row), language);
    return { id: row.id, question: fillFaqValues(question.text, values), answer: fillFaqValues(answer, values) };
  });
}

type FaqRow = typeof faqEntries.$inferSelect;
const faqQuestion = (row: FaqRow): LocalizedText => ({ sk: row.questionSk, ua: row.questionUa, en: row.questionEn });
const faqAnswer = (row: FaqRow): LocalizedText => ({ sk: row.answerSk, ua: row.answerUa, en: row.answerEn });

/** The published fleet banner models, the specification in the reader's language. */
export async function listFleet(language: Language): Promise<FleetItem[]> {
  const rows = await db()
    .select()
    .from(fleetModels)
    .where(eq(fleetModels.hidden, false))
    .orderBy(asc(fleetModels.position), asc(fleetModels.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.name,
    spec: localized(fleetSpec(row), language),
    image: row.image,
    imageId: row.imageUploadId,
    licenceCategory: row.licenceCategory,
  }));
}

type FleetRow = typeof fleetModels.$inferSelect;
const fleetSpec = (row: FleetRow): LocalizedText => ({ sk: row.specSk, ua: row.specUa, en: row.specEn });

/** The published partners; an uploaded logo is served from /media/:id. */
export async function listPartners(): Promise<PartnerItem[]> {
  const rows = await db()
    .select()
    .from(partners)
    .where(eq(partners.hidden, false))
    .orderBy(asc(partners.position), asc(partners.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    logo: row.logoUploadId ? `/media/${row.logoUploadId}` : row.logo,
  }));
}

// ---- The admin's /admin/content ----

export type FaqInput = { question: LocalizedText; answer: LocalizedText };
export type FleetInput = { name: string; spec: LocalizedText; licenceCategory: LicenceCategory };
export type PartnerInput = { name: string; url: string | null };

/** Everything the content page lists: hidden rows too, in their order, with the languages they lack. */
export async function contentForAdmin(language: Language) {
  const [faqRows, fleetRows, partnerRows] = await Promise.all([
    db().select().from(faqEntries).orderBy(asc(faqEntries.position), asc(faqEntries.id)),
    db().select().from(fleetModels).orderBy(asc(fleetModels.position), asc(fleetModels.id)),
    db().select().from(partners).orderBy(asc(partners.position), asc(partners.id)),
  ]);
  return {
    faq: faqRows.map((row) => ({
      ...row,
      question: localized(faqQuestion(row), language),
      missingLanguages: missingLanguages(faqQuestion(row), faqAnswer(row)),
    })),
    fleet: fleetRows.map((row) => ({
      ...row,
      spec: localized(fleetSpec(row), language),
      missingLanguages: missingLanguages(fleetSpec(row)),
    })),
    partners: partnerRows.map((row) => ({
      ...row,
      logo: row.logoUploadId ? `/media/${row.logoUploadId}` : row.logo,
    })),
  };
}

export async function getFaqEntry(id: number) {
  const [row] = await db().select().from(faqEntries).where(eq(faqEntries.id, id)).limit(1);
  return row ?? null;
}

export async function getFleetModel(id: number) {
  const [row] = await db().select().from(fleetModels).where(eq(fleetModels.id, id)).limit(1);
  return row ?? null;
}

export async function getPartner(id: number) {
  const [row] = await db().select().from(partners).where(eq(partners.id, id)).limit(1);
  return row ?? null;
}

const faqSnapshot = (row: FaqRow | undefined) =>
  row
    ? {
        question: row.questionSk,
        questionUa: row.questionUa,
        questionEn: row.questionEn,
        answer: row.answerSk,
        answerUa: row.answerUa,
        answerEn: row.answerEn,
        hidden: row.hidden,
      }
    : null;

/** Adds (id null, at the end of the list) or edits an FAQ entry; returns its id, or null when there is no such entry. */
export async function saveFaqEntry(adminId: number, id: number | null, input: FaqInput) {
  const values = {
    questionSk: input.question.sk.trim(),
    questionUa: normalizeOptional(input.question.ua),
    questionEn: normalizeOptional(input.question.en),
    answerSk: input.answer.sk.trim(),
    answerUa: normalizeOptional(input.answer.ua),
    answerEn: normalizeOptional(input.answer.en),
  };
  return transaction(async (tx) => {
    const [before] = id === null ? [] : await tx.select().from(faqEntries).where(eq(faqEntries.id, id)).limit(1);
    if (id !== null && !before) return null;
    const [after] =
      id === null
        ? await tx
            .insert(faqEntries)
            .values({ ...values, position: await nextPosition(tx, "faq") })
            .returning()
        : await tx
            .update(faqEntries)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(faqEntries.id, id))
            .returning();
    if (!after) return null;
    await recordAudit(tx, {
      actorId: adminId,
      action: id === null ? "content.faq.create" : "content.faq.update",
      entityType: "faq",
      entityId: after.id,
      before: faqSnapshot(before),
      after: faqSnapshot(after),
    });
    return after.id;
  });
}

const fleetSnapshot = (row: FleetRow | undefined) =>
  row
    ? {
        name: row.name,
        spec: row.specSk,
        specUa: row.specUa,
        specEn: row.specEn,
        licenceCategory: row.licenceCategory,
        imageId: row.imageUploadId,
        hidden: row.hidden,
      }
    : null;

/**
 * Adds or edits a fleet banner model; a new picture (re-encoded by the upload pipeline) replaces the
 * old one, whose file is removed once the row has committed. Returns the id, or null when there is no such model.
 */
export function saveFleetModel(adminId: number, id: number | null, input: FleetInput, image: ReceivedFile[] = []) {
  return withUploads(image.slice(0, 1), async (prepared) => {
    const outcome = await transaction(async (tx) => {
      const [before] = id === null ? [] : await tx.select().from(fleetModels).where(eq(fleetModels.id, id)).limit(1);
      if (id !== null && !before) return { id: null, replacedKeys: [] };
      const imageUploadId = await insertPicture(tx, prepared, "fleet_image");
      const values = {
        name: input.name.trim(),
        specSk: input.spec.sk.trim(),
        specUa: normalizeOptional(input.spec.ua),
        specEn: normalizeOptional(input.spec.en),
        licenceCategory: input.licenceCategory,
        ...(imageUploadId ? { imageUploadId } : {}),
      };
      const [after] =
        id === null
          ? await tx
              .insert(fleetModels)
              .values({ ...values, position: await nextPosition(tx, "fleet") })
              .returning()
          : await tx
              .update(fleetModels)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(fleetModels.id, id))
              .returning();
      if (!after) return { id: null, replacedKeys: [] };
      const replacedKeys = imageUploadId && before?.imageUploadId ? await deletePicture(tx, before.imageUploadId) : [];
      await recordAudit(tx, {
        actorId: adminId,
        action: id === null ? "content.fleet.create" : "content.fleet.update",
        entityType: "fleet",
        entityId: after.id,
        before: fleetSnapshot(before),
        after: fleetSnapshot(after),
      });
      return { id: after.id, replacedKeys };
    });
    return { result: outcome.id, replacedKeys: outcome.replacedKeys };
  });
}

type PartnerRow = typeof partners.$inferSelect;
const partnerSnapshot = (row: PartnerRow | undefined) =>
  row ? { name: row.name, url: row.url, logoId: row.logoUploadId, hidden: row.hidden } : null;

/** Adds or edits a partner; a new logo replaces the old one. Returns the id, or null when there is no such partner. */
export function savePartner(adminId: number, id: number | null, input: PartnerInput, logo: ReceivedFile[] = []) {
  return withUploads(logo.slice(0, 1), async (prepared) => {
    const outcome = await transaction(async (tx) => {
      const [before] = id === null ? [] : await tx.select().from(partners).where(eq(partners.id, id)).limit(1);
      if (id !== null && !before) return { id: null, replacedKeys: [] };
      const logoUploadId = await insertPicture(tx, prepared, "partner_logo");
      const values = { name: input.name.trim(), url: input.url, ...(logoUploadId ? { logoUploadId } : {}) };
      const [after] =
        id === null
          ? await tx
              .insert(partners)
              .values({ ...values, position: await nextPosition(tx, "partner") })
              .returning()
          : await tx
              .update(partners)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(partners.id, id))
              .returning();
      if (!after) return { id: null, replacedKeys: [] };
      const replacedKeys = logoUploadId && before?.logoUploadId ? await deletePicture(tx, before.logoUploadId) : [];
      await recordAudit(tx, {
        actorId: adminId,
        action: id === null ? "content.partner.create" : "content.partner.update",
        entityType: "partner",
        entityId: after.id,
        before: partnerSnapshot(before),
        after: partnerSnapshot(after),
      });
      return { id: after.id, replacedKeys };
    });
    return { result: outcome.id, replacedKeys: outcome.replacedKeys };
  });
}

async function insertPicture(tx: Tx, prepared: PreparedUpload[], kind: "fleet_image" | "partner_logo") {
  if (prepared.length === 0) return null;
  await insertUploadRows(tx, prepared, { kind });
  const [row] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.storageKey, prepared[0]!.storageKey))
    .limit(1);
  return row?.id ?? null;
}

/** Deletes a replaced picture's row; its file goes once the transaction has committed. */
async function deletePicture(tx: Tx, uploadId: number) {
  const rows = await tx.delete(uploads).where(eq(uploads.id, uploadId)).returning({ storageKey: uploads.storageKey });
  return rows.map((row) => row.storageKey);
}

const LISTS = {
  faq: {
    table: faqEntries,
    entityType: "faq",
    label: faqEntries.questionSk,
    actions: { move: "content.faq.move", hide: "content.faq.hide", show: "content.faq.show" },
  },
  fleet: {
    table: fleetModels,
    entityType: "fleet",
    label: fleetModels.name,
    actions: { move: "content.fleet.move", hide: "content.fleet.hide", show: "content.fleet.show" },
  },
  partner: {
    table: partners,
    entityType: "partner",
    label: partners.name,
    actions: { move: "content.partner.move", hide: "content.partner.hide", show: "content.partner.show" },
  },
} as const;
export type ContentList = keyof typeof LISTS;

async function nextPosition(tx: Tx, list: ContentList) {
  const table = LISTS[list].table;
  const rows = await tx.select({ position: table.position }).from(table).orderBy(desc(table.position)).limit(1);
  return (rows[0]?.position ?? -1) + 1;
}

/**
 * Moves a row one place up or down in its list: the list is renumbered 0…n−1 with the two rows
 * swapped (positions from before may repeat). False when there is no such row; at either end nothing moves.
 */
export async function moveContent(adminId: number, list: ContentList, id: number, direction: MoveDirection) {
  const { table, entityType, label, actions } = LISTS[list];
  return transaction(async (tx) => {
    const rows = await tx.select({ id: table.id, name: label }).from(table).orderBy(asc(table.position), asc(table.id));
    const from = rows.findIndex((row) => row.id === id);
    if (from < 0) return false;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return true;
    const order = rows.map((row) => row.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [position, rowId] of order.entries())
      await tx.update(table).set({ position }).where(eq(table.id, rowId));
    await recordAudit(tx, {
      actorId: adminId,
      action: actions.move,
      entityType,
      entityId: id,
      before: { name: rows[from]!.name, position: from + 1 },
      after: { name: rows[from]!.name, position: to + 1 },
    });
    return true;
  });
}

/** Hides a row from the site (and, for the FAQ, from the assistant) or shows it again; false when there is no such row. */
export async function setContentHidden(adminId: number, list: ContentList, id: number, hidden: boolean) {
  const { table, entityType, label, actions } = LISTS[list];
  return transaction(async (tx) => {
    const [before] = await tx
      .select({ hidden: table.hidden, name: label })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    if (!before) return false;
    if (before.hidden === hidden) return true;
    await tx.update(table).set({ hidden, updatedAt: new Date() }).where(eq(table.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: hidden ? actions.hide : actions.show,
      entityType,
      entityId: id,
      before: { name: before.name, hidden: before.hidden },
      after: { name: before.name, hidden },
    });
    return true;
  });
}

export const NEWS_PAGE_SIZE = 3;

/** Published posts for the language (or for every language), newest first, one page at a time. */
export async function listPublishedNews(language: Language, page: number, pageSize = NEWS_PAGE_SIZE) {
  const visible = and(eq(newsPosts.published, true), or(isNull(newsPosts.language), eq(newsPosts.language, language)));
  const [counted] = await db().select({ n: count() }).from(newsPosts).where(visible);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const posts = await db()
    .select({
      id: newsPosts.id,
      ...NEWS_TEXTS,
      textPosition: newsPosts.textPosition,
      createdAt: newsPosts.createdAt,
    })
    .from(newsPosts)
    .where(visible)
    .orderBy(desc(newsPosts.createdAt), desc(newsPosts.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const media = posts.length
    ? await db()
        .select({
          id: uploads.id,
          postId: uploads.newsPostId,
          mime: uploads.mime,
          width: uploads.width,
          height: uploads.height,
        })
        .from(uploads)
        .where(
          and(
            eq(uploads.kind, "news_media"),
            inArray(
              uploads.newsPostId,
              posts.map((p) => p.id),
            ),
          ),
        )
        .orderBy(asc(uploads.position), asc(uploads.id))
    : [];
  const items: NewsItem[] = posts.map(({ titleSk, titleUa, titleEn, contentSk, contentUa, contentEn, ...post }) => {
    const title = pickLocalized({ sk: titleSk, ua: titleUa, en: titleEn }, language);
    const content = pickLocalized({ sk: contentSk, ua: contentUa, en: contentEn }, language);
    return {
      ...post,
      title: title.text,
      titleLang: title.language,
      content: content.text,
      contentLang: content.language,
      createdAt: post.createdAt.toISOString(),
      media: media
        .filter((m) => m.postId === post.id)
        .map((m) => ({
          id: m.id,
          kind: m.mime.startsWith("video/") ? "video" : "image",
          mime: m.mime,
          width: m.width,
          height: m.height,
        })),
    };
  });
  return { items, page: current, pages, total };
}
