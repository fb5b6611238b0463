import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { i18nFor } from "~/infra/i18n.server";
import { ErrorScreen } from "./error-screen";

const render = (status: number, language: string, path = "/dashboard?modal=report") =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={i18nFor(language)}>
        <ErrorScreen status={status} />
      </I18nextProvider>
    </MemoryRouter>,
  );

describe("ErrorScreen (the root error boundary and the 404 page)", () => {
  test("an unexpected error: translated, with a retry of the same address and a way home", () => {
    const html = render(500, "ua");
    expect(html).toContain("Щось пішло не так");
    expect(html).toContain('href="/dashboard?modal=report"');
    expect(html).toContain("Спробувати ще раз");
    expect(html).toContain('href="/"');
  });
  test("404 is translated in every language and offers no retry", () => {
    expect(render(404, "sk")).toContain("404: Stránka sa nenašla");
    expect(render(404, "en")).toContain("404: Page Not Found");
    expect(render(404, "ua")).not.toContain("Спробувати ще раз");
  });
});
