import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { getToast } from "remix-toast/middleware";
import type { Route } from "./+types/root";
import { AdminHeader } from "~/components/admin/admin-header";
import { ClientNavigation } from "~/components/app-link";
import { AuthDialog } from "~/components/auth-dialog";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { SiteTracking } from "~/components/site-tracking";
import { Toaster } from "~/components/toaster";
import { useNonce } from "~/components/nonce";
import { earlySubmitGuardFor } from "~/components/auth/early-submit-guard";
import { ErrorScreen } from "~/components/error-screen";
import { HTML_LANG, isLanguage, type Language } from "~/domain/rules";
import { getUser } from "~/services/session.server";
import { companyContact } from "~/domain/company-profile";
import { getCompanyProfile } from "~/models/company-profile.server";
import { legalStateFor } from "~/models/legal-documents.server";
import { LegalNotice } from "~/components/legal/legal-notice";
import { config } from "~/infra/config.server";
import { fallbackForForm } from "~/services/captcha.server";
import { changeClientLanguage } from "~/client/i18n.client";
import { getLocale, i18nextMiddleware } from "~/infra/i18n.server";
import { languageChoiceMiddleware } from "~/middleware/i18n";
import { queryTextMiddleware } from "~/middleware/query-text";
import { referralMiddleware } from "~/middleware/referral";
import { sessionMiddleware } from "~/middleware/session";
import { toastMiddleware } from "~/middleware/toast";
import "~/styles/app.css";

export const middleware: Route.MiddlewareFunction[] = [
  sessionMiddleware,
  i18nextMiddleware,
  languageChoiceMiddleware,
  queryTextMiddleware,
  referralMiddleware,
  toastMiddleware as Route.MiddlewareFunction,
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = getUser(context);
  const { captcha } = config();
  const locale = getLocale(context) as Language;
  // The reads every page makes: side by side (on PostgreSQL each is a round trip of its own).
  const [profile, legal] = await Promise.all([getCompanyProfile(), legalStateFor(user?.id ?? null, locale)]);
  return data({
    locale,
    user: user && {
      email: user.email,
      role: user.role,
      status: user.status,
      registeredAt: user.createdAt.toISOString(),
    },
    toast: getToast(context) ?? null,
    // The footer and the contact links read the operator's profile; a save shows on the next request.
    company: companyContact(profile),
    // The register form records which versions it linked to; a logged-in reader is told once of a newer one.
    legalVersions: legal.versions,
    legalNotice: legal.newer.map((d) => d.kind),
    captcha: { provider: captcha.provider, siteKey: captcha.siteKey ?? null },
    // The no-JS captcha question, when the URL opens the login or register dialog (docs/security.md, "Captcha").
    authFallback: /^(login|register)$/.test(new URL(request.url).searchParams.get("auth") ?? "")
      ? fallbackForForm(context)
      : null,
  });
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const nonce = useNonce();
  const location = useLocation();
  const { i18n } = useTranslation();
  const locale = rootData?.locale ?? (i18n.language as Language) ?? "sk";
  // A mark that React has hydrated the page (error screens too): tests wait for it instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang={HTML_LANG[locale] ?? "sk"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
        {/* Before any module runs: Zod's probe for `new Function` would be a CSP violation (no 'unsafe-eval'),
            and the guard that holds a submit made before its form hydrated (EARLY_SUBMIT_GUARD). The guard has
            run by the time the client renders, so it stays out of every page's JavaScript. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: `globalThis.__zod_globalConfig={jitless:true};${import.meta.env.SSR ? earlySubmitGuardFor(location, Boolean(rootData?.user)) : ""}`,
          }}
        />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, user, toast, legalNotice } = loaderData;
  const { t } = useTranslation();
  // The admin area wears its own compact header and no marketing footer.
  const inAdmin = useLocation().pathname.startsWith("/admin") && user?.role === "admin";
  useEffect(() => {
    void changeClientLanguage(locale);
  }, [locale]);
  // Client code that predates the session API reads these from localStorage.
  useEffect(() => {
    if (user) {
      localStorage.setItem("userEmail", user.email);
      localStorage.setItem("userRole", user.role);
      localStorage.setItem("registeredAt", user.registeredAt);
    } else {
      for (const key of ["userEmail", "userRole", "registeredAt"]) localStorage.removeItem(key);
    }
  }, [user]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      {inAdmin ? <AdminHeader user={user} locale={locale} /> : <SiteHeader user={user} locale={locale} />}
      <main id="main" className="site-main">
        {legalNotice.length ? <LegalNotice kinds={legalNotice} /> : null}
        <Outlet />
      </main>
      {inAdmin ? null : <SiteFooter />}
      <AuthDialog />
      <Toaster flash={toast} />
      <SiteTracking />
      <ClientNavigation />
    </>
  );
}

/**
 * Anything a route did not handle: the site header and footer stay, the error screen is styled
 * and translated, with a retry and a way home. A refusal that says why (bad input, a wrong role)
 * shows its translated message.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRootData();
  const { i18n } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const detail =
    status < 500 && status !== 404 && isRouteErrorResponse(error) && typeof error.data?.error === "string"
      ? error.data.error
      : null;
  const locale = rootData?.locale ?? (isLanguage(i18n.language) ? i18n.language : "sk");
  return (
    <>
      <SiteHeader user={rootData?.user ?? null} locale={locale} />
      <main id="main" className="site-main">
        <ErrorScreen status={status} detail={detail} />
      </main>
      <SiteFooter />
    </>
  );
}
