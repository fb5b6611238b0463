/** The admin's pay pages write dates as people of the page's language do, never as ISO `2026-11-16`. */
import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { i18nFor } from "~/infra/i18n.server";
import AdminPayouts from "./payouts";

const loaderData = {
  weeks: [{ week: "2026-11-16", payday: "2026-11-27", couriers: 3, netCents: 65_300, statuses: { draft: 3 } }],
  batches: [{ id: 4, payday: "2026-11-27", count: 3, totalCents: 65_300, status: "exported" }],
  imports: [
    {
      id: 9,
      weekStart: "2026-11-16",
      platformName: "Wolt",
      fileName: "wolt.csv",
      rowsCount: 12,
      skippedCount: 0,
      byName: "Admin",
      byEmail: "admin@example.com",
      committedAt: new Date("2026-11-23T09:00:00Z").toISOString(),
    },
  ],
};

const Page = AdminPayouts as unknown as (props: { loaderData: typeof loaderData }) => React.ReactNode;

async function render(language: "sk" | "ua") {
  const Stub = createRoutesStub([{ path: "/admin/payouts", Component: () => <Page loaderData={loaderData} /> }]);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(language)}>
      <Stub initialEntries={["/admin/payouts"]} />
    </I18nextProvider>,
  ).replace(/[\u00a0\u202f]/g, " ");
}

describe("dates on the admin's Pay page", () => {
  test("weeks and paydays in the page's language, no ISO dates", async () => {
    const html = await render("sk");
    // What is read, not the addresses the links lead to.
    expect(html.replace(/<[^>]+>/g, " ")).not.toMatch(/\b2026-11-\d\d\b/);
    expect(html).toContain("2026-W47 (16. 11. 2026 – 22. 11. 2026)");
    expect(html).toContain("27. 11. 2026");
    // The link still leads to the week.
    expect(html).toContain('href="/admin/payouts/2026-11-16"');
    expect(await render("ua")).toContain("27.11.2026");
  });
});
