import { config } from "~/infra/config.server";

/** Private areas and the JSON API stay out of search engines; the sitemap lists the public page. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /files/",
    "Disallow: /auth/",
    `Sitemap: ${config().appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
