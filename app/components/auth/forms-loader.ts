import type AuthForms from "./auth-forms";

type FormsComponent = typeof AuthForms;
let loaded: FormsComponent | undefined;
let pending: Promise<FormsComponent> | undefined;

/**
 * The auth forms (Zod, Conform, the captcha) are a chunk of their own so that pages without an
 * open dialog do not download them. The server loads them at start-up and the browser before
 * hydrating a page whose URL opens the dialog, so both render the same HTML.
 */
export function loadAuthForms(): Promise<FormsComponent> {
  pending ??= import("./auth-forms").then((module) => (loaded = module.default));
  return pending;
}

export function loadedAuthForms() {
  return loaded;
}

/** Whether a URL renders the auth dialog on arrival. */
export function urlOpensAuthDialog(url: URL) {
  return url.searchParams.has("auth") || url.pathname.startsWith("/auth/");
}

if (import.meta.env.SSR) void loadAuthForms();
