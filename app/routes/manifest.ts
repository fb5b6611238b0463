import { getInstance, getLocale } from "~/infra/i18n.server";
import type { Route } from "./+types/manifest";

/**
 * The web app manifest: what makes the site installable on a courier's phone (and, on iPhone, what lets it
 * receive push at all). Named in the request's language; an installed site opens on the dashboard.
 */
export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const name = t("common:brand");
  const manifest = {
    id: "/",
    name,
    short_name: name,
    lang: getLocale(context),
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0f766e",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // The name follows the language cookie: no shared cache keeps one language for everyone.
      "Cache-Control": "private, max-age=3600",
      Vary: "Cookie, Accept-Language",
    },
  });
}
