import { HTML_LANG, LANGUAGES } from "~/domain/rules";
import { config } from "~/infra/config.server";

/** The public page in each language, each entry naming its translations (hreflang). */
export function loader() {
  const base = config().appUrl;
  const href = (lng: string) => `${base}/?lng=${lng}`;
  const alternates = [
    ...LANGUAGES.map((lng) => `<xhtml:link rel="alternate" hreflang="${HTML_LANG[lng]}" href="${href(lng)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${base}/"/>`,
  ].join("");
  const urls = LANGUAGES.map(
    (lng) => `<url><loc>${href(lng)}</loc>${alternates}<changefreq>daily</changefreq></url>`,
  ).join("");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
