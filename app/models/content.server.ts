import { and, asc, count, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { faqEntries, fleetModels, newsPosts, partners, uploads } from "~db/schema";
import { pickLocalized } from "~/domain/localized-text";
import type { Language } from "~/domain/rules";
import type { FaqEntry, NewsItem } from "~/domain/content";
import { db } from "~/infra/db.server";

/** Public reads of the landing page's editable content (FAQ, fleet, partners, news). */

export async function listFaq(language: Language): Promise<FaqEntry[]> {
  return await db()
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(eq(faqEntries.language, language))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

export async function listFleet(language: Language) {
  return await db()
    .select({ id: fleetModels.id, title: fleetModels.title, spec: fleetModels.spec, image: fleetModels.image })
    .from(fleetModels)
    .where(eq(fleetModels.language, language))
    .orderBy(asc(fleetModels.position), asc(fleetModels.id));
}

export async function listPartners() {
  return await db()
    .select({ id: partners.id, name: partners.name, url: partners.url, logo: partners.logo })
    .from(partners)
    .orderBy(asc(partners.position), asc(partners.id));
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
      titleSk: newsPosts.titleSk,
      titleUa: newsPosts.titleUa,
      titleEn: newsPosts.titleEn,
      contentSk: newsPosts.contentSk,
      contentUa: newsPosts.contentUa,
      contentEn: newsPosts.contentEn,
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
