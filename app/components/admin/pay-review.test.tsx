import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { i18nFor } from "~/infra/i18n.server";
import { ReviewTable, type ReviewRowView } from "./pay-review";

// 42 h 35 min at 7,50 €/h = 319,38 €; tips 5,00 €; rent 35,00 €, a bonus of 20,00 €: net 309,38 €.
const row: ReviewRowView = {
  id: 1,
  userId: 7,
  email: "olena@example.com",
  fullName: "Olena Kovalenko",
  status: "draft",
  minutes: 2555,
  grossCents: 48_000,
  tipsCents: 500,
  payCents: 31_938,
  deductionsCents: 3500,
  netCents: 30_938,
  payoutCents: 30_938,
  batchId: null,
  anomalies: [],
  skip: null,
};

const cells = (language: "sk" | "ua") => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nextProvider i18n={i18nFor(language)}>
        <ReviewTable rows={[row]} week="2026-11-16" />
      </I18nextProvider>
    </MemoryRouter>,
  );
  return [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, "").replace(/[\u00a0\u202f]/g, " "),
  );
};

describe("the week table", () => {
  test("a row adds up: pay + tips + rent, damage and adjustments = net, time in h and min", () => {
    const row = cells("sk");
    expect(row).toContain("42 h 35 min");
    expect(row).toContain("319,38 €");
    expect(row).toContain("5,00 €");
    expect(row).toContain("-15,00 €");
    expect(row).toContain("309,38 €");
    expect(cells("ua")).toContain("42 год 35 хв");
  });
});
