import { config } from "~/lib/config.server";

export function loader() {
  const base = config().appUrl;
  const urls = ["sk", "ua", "en"].map((lng) => `<url><loc>${base}/?lng=${lng}</loc></url>`).join("");
  const body = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
