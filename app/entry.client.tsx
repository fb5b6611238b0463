import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { loadAuthForms, urlOpensAuthDialog } from "~/components/auth/forms-loader";
import { watchBuildVersion } from "~/client/build-version";
import { initClientI18n } from "~/client/i18n.client";

const manifest = (window as { __reactRouterManifest?: { version: string } }).__reactRouterManifest;
if (manifest) watchBuildVersion(manifest.version);

// The home page arrives with its critical CSS inline and the full stylesheet as media="print", so that
// it does not block the first paint (app/infra/critical-css.server.ts): it applies from here on.
for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-full-css]")) link.media = "all";

// A page that arrives with the auth dialog open needs its forms before hydrating the server's HTML.
const formsReady = urlOpensAuthDialog(new URL(window.location.href)) ? loadAuthForms() : Promise.resolve();

Promise.all([initClientI18n(), formsReady]).then(([i18n]) => {
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
});
