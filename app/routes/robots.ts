import { config } from "~/lib/config.server";

export function loader() {
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /dashboard\nDisallow: /api/\nDisallow: /files/\nSitemap: ${config().appUrl}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
