import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { STOCK_REJECTION_REASONS, stockReasonKey } from "~/domain/rejection";
import { i18nFor, translatorFor } from "~/infra/i18n.server";
import { RejectForm } from "./reject-form";

const ukrainian = Object.fromEntries(
  STOCK_REJECTION_REASONS.map((code) => [code, translatorFor("ua")(stockReasonKey(code))]),
);

async function render() {
  const path = "/admin/applications/5";
  const router = createMemoryRouter(
    [
      {
        path,
        Component: () => (
          <RejectForm
            id="reject-application"
            application
            documents={["face_photo", "id_front", "id_back"]}
            courier={{ language: "ua", reasons: ukrainian }}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  await router.initialize().navigate(path);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor("sk")}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe("the application's reject form", () => {
  test("lists only the documents the courier uploaded", async () => {
    const html = await render();
    const replaced = [...html.matchAll(/name="replace" value="([a-z_]+)"/g)].map((m) => m[1]);
    expect(replaced).toEqual(["face_photo", "id_front", "id_back"]);
  });

  test("offers the stock reasons first, each as the courier will read it, with the free text after them", async () => {
    const html = await render();
    const stock = html.indexOf('value="blurryPhoto"');
    expect(stock).toBeGreaterThan(-1);
    expect(html).toContain('type="radio" name="reasonCode" value="blurryPhoto"');
    for (const code of STOCK_REJECTION_REASONS) expect(html).toContain(ukrainian[code]!.replaceAll("'", "&#x27;"));
    expect(html.indexOf("<textarea")).toBeGreaterThan(stock);
    // The admin is told the written note goes out as written, and in which language the courier reads.
    expect(html).toContain("Українська");
  });
});
