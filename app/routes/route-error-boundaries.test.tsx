import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { i18nFor } from "~/infra/i18n.server";
import * as adminLayout from "./admin/layout";
import * as dashboard from "./dashboard";

/** Renders a route whose loader fails, so its own ErrorBoundary shows (inside the site layout of the root). */
function renderFailing(path: string, boundary: React.ComponentType<never>, language: string) {
  const router = createMemoryRouter(
    [
      {
        path,
        loader: () => {
          throw new Error("database unavailable");
        },
        Component: () => null,
        ErrorBoundary: boundary as React.ComponentType,
      },
    ],
    { initialEntries: [path] },
  );
  return router
    .initialize()
    .navigate(path)
    .then(() =>
      renderToString(
        <I18nextProvider i18n={i18nFor(language)}>
          <RouterProvider router={router} />
        </I18nextProvider>,
      ),
    );
}

describe("route error boundaries (dashboard, admin)", () => {
  test("the dashboard keeps the courier on a styled, translated screen with a retry and a way home", async () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      const html = await renderFailing("/dashboard", dashboard.ErrorBoundary as React.ComponentType<never>, "sk");
      expect(html).toContain('data-testid="error-screen"');
      expect(html).toContain("Skúsiť znova");
      expect(html).toContain('href="/dashboard"');
      const admin = await renderFailing("/admin/users", adminLayout.ErrorBoundary as React.ComponentType<never>, "ua");
      expect(admin).toContain("Щось пішло не так");
      expect(admin).toContain('href="/admin"');
    } finally {
      console.error = original;
    }
  });

  test("every dashboard form route has a clientAction that keeps a dropped connection out of its error boundary", async () => {
    const forms = [
      "apply",
      "draft",
      "vehicle-request",
      "report",
      "reply",
      "lease-renewal",
      "handover",
      "handover-dispute",
      "document-renewal",
    ];
    for (const name of forms)
      expect([name, typeof ((await import(`./dashboard/${name}`)) as { clientAction?: unknown }).clientAction]).toEqual(
        [name, "function"],
      );
  });
});
