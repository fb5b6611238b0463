import { asc, count, desc, eq, and } from "drizzle-orm";
import { newsPosts, uploads } from "~db/schema";
import { localized, missingLanguages, normalizeOptional, type LocalizedText } from "~/domain/localized-text";
import type { Language } from "~/domain/rules";
import { db, transaction } from "~/infra/db.server";
import type { PreparedUpload, ReceivedFile } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { PAGE_SIZE, offsetOf, toPage } from "./paging.server";
import { deleteFilesOf, insertUploadRows, withNewMedia } from "./uploads.server";

/** Most media files one post carries. */
export const MAX_NEWS_MEDIA = 4;

export class NewsError extends Error {
  constructor(readonly key: "tooManyMedia") {
    super(key);
  }
}

export const TEXT_POSITIONS = ["bottom_left", "top_left", "center"] as const;
export type TextPosition = (typeof TEXT_POSITIONS)[number];

export type NewsInput = {
  title: LocalizedText;
  content: LocalizedText;
  textPosition: TextPosition;
  language: Language | null;
  published: boolean;
};

/**
 * All posts for the admin list, newest first, with how many media files each carries, the title in the
 * admin's language (or its fallback) and the languages the post has no text in.
 */
/** A post's title and text in the three languages, as both the admin list and the public page read them. */
export const NEWS_TEXTS = {
  titleSk: newsPosts.titleSk,
  titleUa: newsPosts.titleUa,
  titleEn: newsPosts.titleEn,
  contentSk: newsPosts.contentSk,
  contentUa: newsPosts.contentUa,
  contentEn: newsPosts.contentEn,
};

export async function listNewsForAdmin(page: number, language: Language) {
  const [counted] = await db().select({ n: count() }).from(newsPosts);
  const media = db()
    .select({ postId: uploads.newsPostId, n: count().as("n") })
    .from(uploads)
    .groupBy(uploads.newsPostId)
    .as("media");
  const posts = await db()
    .select({
      id: newsPosts.id,
      ...NEWS_TEXTS,
      language: newsPosts.language,
      published: newsPosts.published,
      textPosition: newsPosts.textPosition,
      createdAt: newsPosts.createdAt,
      mediaCount: media.n,
    })
    .from(newsPosts)
    .leftJoin(media, eq(media.postId, newsPosts.id))
    .orderBy(desc(newsPosts.createdAt), desc(newsPosts.id))
    .limit(PAGE_SIZE)
    .offset(offsetOf(page));
  const rows = posts.map(({ titleSk, titleUa, titleEn, contentSk, contentUa, contentEn, ...row }) => ({
    ...row,
    title: localized({ sk: titleSk, ua: titleUa, en: titleEn }, language),
    missingLanguages: missingLanguages(
      { sk: titleSk, ua: titleUa, en: titleEn },
      { sk: contentSk, ua: contentUa, en: contentEn },
    ),
  }));
  return toPage(rows, counted?.n ?? 0, page);
}

export async function getNewsPost(id: number) {
  const [post] = await db().select().from(newsPosts).where(eq(newsPosts.id, id)).limit(1);
  if (!post) return null;
  return { post, media: await newsMedia(id) };
}

export async function newsMedia(postId: number) {
  return await db()
    .select({
      id: uploads.id,
      mime: uploads.mime,
      width: uploads.width,
      height: uploads.height,
      storageKey: uploads.storageKey,
    })
    .from(uploads)
    .where(and(eq(uploads.newsPostId, postId), eq(uploads.kind, "news_media")))
    .orderBy(asc(uploads.position), asc(uploads.id));
}

function snapshot(post: typeof newsPosts.$inferSelect | undefined) {
  if (!post) return null;
  return {
    title: post.titleSk,
    titleUa: post.titleUa,
    titleEn: post.titleEn,
    textPosition: post.textPosition,
    language: post.language,
    published: post.published,
    contentLength: { sk: post.contentSk.length, ua: post.contentUa?.length ?? 0, en: post.contentEn?.length ?? 0 },
  };
}

function newsColumns(input: NewsInput) {
  const { title, content, ...rest } = input;
  return {
    ...rest,
    titleSk: title.sk.trim(),
    titleUa: normalizeOptional(title.ua),
    titleEn: normalizeOptional(title.en),
    contentSk: content.sk.trim(),
    contentUa: normalizeOptional(content.ua),
    contentEn: normalizeOptional(content.en),
  };
}

/** Creates or updates a post; returns its id, or null when the post to update does not exist. */
export async function saveNewsPost(
  adminId: number,
  id: number | null,
  input: NewsInput,
  newMedia: PreparedUpload[] = [],
) {
  return transaction(async (tx) => {
    const [before] = id === null ? [] : await tx.select().from(newsPosts).where(eq(newsPosts.id, id)).limit(1);
    if (id !== null && !before) return null;
    const [after] =
      id === null
        ? await tx
            .insert(newsPosts)
            .values({ ...newsColumns(input), authorId: adminId })
            .returning()
        : await tx
            .update(newsPosts)
            .set({ ...newsColumns(input), updatedAt: new Date() })
            .where(eq(newsPosts.id, id))
            .returning();
    if (!after) return null;
    if (newMedia.length) {
      const [existing] = await tx.select({ n: count() }).from(uploads).where(eq(uploads.newsPostId, after.id));
      if ((existing?.n ?? 0) + newMedia.length > MAX_NEWS_MEDIA) throw new NewsError("tooManyMedia");
      await insertUploadRows(tx, newMedia, { kind: "news_media", newsPostId: after.id });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: id === null ? "news.create" : "news.update",
      entityType: "news",
      entityId: after.id,
      before: snapshot(before),
      after: { ...snapshot(after), addedMedia: newMedia.length || undefined },
    });
    return after.id;
  });
}

/** Saves a post with the media an admin sent; returns its id, or null when there is no such post. */
export function saveNewsPostWithMedia(adminId: number, id: number | null, input: NewsInput, media: ReceivedFile[]) {
  return withNewMedia(media, id === null ? null : { newsPostId: id }, (fresh) =>
    saveNewsPost(adminId, id, input, fresh),
  );
}

/** Deletes a post; and its media files; null when there is no such post. */
export async function deleteNewsPost(adminId: number, id: number) {
  const keys = await transaction(async (tx) => {
    const [before] = await tx.select().from(newsPosts).where(eq(newsPosts.id, id)).limit(1);
    if (!before) return null;
    const keys = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.newsPostId, id));
    await tx.delete(newsPosts).where(eq(newsPosts.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "news.delete",
      entityType: "news",
      entityId: id,
      before: snapshot(before),
      after: null,
    });
    return keys.map((k) => k.storageKey);
  });
  return deleteFilesOf(keys);
}

/** Removes one media file of a post; and its file; null when there is no such medium. */
export async function removeNewsMedia(adminId: number, postId: number, uploadId: number) {
  const keys = await transaction(async (tx) => {
    const [file] = await tx
      .select({ id: uploads.id, storageKey: uploads.storageKey })
      .from(uploads)
      .where(and(eq(uploads.id, uploadId), eq(uploads.newsPostId, postId)))
      .limit(1);
    if (!file) return null;
    await tx.delete(uploads).where(eq(uploads.id, file.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "news.media.remove",
      entityType: "news",
      entityId: postId,
      before: { mediaId: file.id },
      after: null,
    });
    return file.storageKey;
  });
  return deleteFilesOf(keys);
}
