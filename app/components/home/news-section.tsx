import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { NewsMedia } from "~/domain/content";

export type NewsView = {
  items: {
    id: number;
    title: string;
    content: string;
    textPosition: "bottom_left" | "top_left" | "center";
    date: string;
    dateTime: string;
    media: NewsMedia[];
  }[];
  page: number;
  pages: number;
};

function Medium({ medium, title, cover }: { medium: NewsMedia; title: string; cover: boolean }) {
  const { t } = useTranslation("home");
  const src = `/media/${medium.id}`;
  if (medium.kind === "video") {
    // Never autoplays with sound and loads nothing until the visitor presses play.
    return (
      // Uploaded news videos come without caption files; the post's own text says what they show.
      // oxlint-disable-next-line jsx-a11y/media-has-caption
      <video
        className={cover ? "home-news-cover" : "home-news-extra"}
        controls
        preload="none"
        playsInline
        width={medium.width ?? 640}
        height={medium.height ?? 360}
      >
        <source src={src} type={medium.mime} />
        {t("news.videoFallback")}
      </video>
    );
  }
  return (
    <img
      className={cover ? "home-news-cover" : "home-news-extra"}
      src={src}
      alt={cover ? "" : title}
      width={medium.width ?? 800}
      height={medium.height ?? 450}
      loading="lazy"
      decoding="async"
    />
  );
}

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("news");
  else params.set("news", String(page));
  const query = params.toString();
  return `/${query ? `?${query}` : ""}#news`;
}

/** Published posts, newest first, paged by `?news=N` (plain links: works without JavaScript). */
export function NewsSection({ news }: { news: NewsView }) {
  const { t } = useTranslation("home");
  const location = useLocation();
  return (
    <section id="news" className="home-section home-news" aria-labelledby="news-title">
      <div className="container">
        <h2 id="news-title">{t("news.title")}</h2>
        {news.items.length === 0 ? (
          <p className="home-empty">{t("news.empty")}</p>
        ) : (
          <ul className="home-news-grid">
            {news.items.map((post) => {
              const [cover, ...extra] = post.media;
              const paragraphs = post.content.split(/\n{2,}/).filter(Boolean);
              return (
                <li key={post.id}>
                  <article className="home-news-card" aria-labelledby={`news-${post.id}`}>
                    <div
                      className={`home-news-visual ${cover?.kind === "video" ? "has-video" : ""}`}
                      data-position={post.textPosition}
                    >
                      {cover ? <Medium medium={cover} title={post.title} cover /> : null}
                      <div className="home-news-overlay">
                        <time dateTime={post.dateTime}>{post.date}</time>
                        <h3 id={`news-${post.id}`}>{post.title}</h3>
                      </div>
                    </div>
                    <div className="home-news-body">
                      {paragraphs.map((text, i) => (
                        <p key={i}>{text}</p>
                      ))}
                      {extra.length > 0 ? (
                        <div className="home-news-media">
                          {extra.map((medium) => (
                            <Medium key={medium.id} medium={medium} title={post.title} cover={false} />
                          ))}
                        </div>
                      ) : null}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
        {news.pages > 1 ? (
          <nav className="home-pager" aria-label={t("news.pagination")}>
            {news.page > 1 ? (
              <Link
                className="btn btn-outline"
                to={pageHref(location.search, news.page - 1)}
                preventScrollReset
                rel="prev"
              >
                {t("news.newer")}
              </Link>
            ) : (
              <span />
            )}
            <span className="home-small">{t("news.page", { page: news.page, pages: news.pages })}</span>
            {news.page < news.pages ? (
              <Link
                className="btn btn-outline"
                to={pageHref(location.search, news.page + 1)}
                preventScrollReset
                rel="next"
              >
                {t("news.older")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </section>
  );
}
