import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { UploadSummary } from "~/domain/files";
import { i18nFor } from "~/infra/i18n.server";
import type { VehicleView } from "./types";
import { VehicleCard } from "./vehicle-card";

const photo = (id: number): UploadSummary => ({
  id,
  kind: "vehicle_image",
  mime: "image/webp",
  width: 800,
  height: 600,
});
const scooter = (photos: number): VehicleView => ({
  id: 7,
  name: "Cargo Max 1200",
  characteristics: "",
  characteristicsLang: "ua",
  status: "available",
  availableSince: null,
  leaseEndsAt: null,
  licenceCategory: "none",
  images: Array.from({ length: photos }, (_, i) => photo(i + 1)),
});
const render = (vehicle: VehicleView) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor("ua")}>
      <VehicleCard vehicle={vehicle} />
    </I18nextProvider>,
  );

describe("VehicleCard's photos", () => {
  test("photos that scroll sideways are a named region a keyboard can focus and scroll", () => {
    expect(render(scooter(2))).toContain(
      '<div class="vehicle-images" role="region" aria-label="Фото Cargo Max 1200" tabindex="0">',
    );
  });

  test("a single photo does not scroll, so it is not a stop for the keyboard", () => {
    const html = render(scooter(1));
    expect(html).toContain('<div class="vehicle-images"><img');
    expect(html).not.toContain("tabindex");
  });
});

describe("VehicleCard's licence", () => {
  test("a moped says it needs a licence AM, in the reader's language", () => {
    const html = render({ ...scooter(0), licenceCategory: "AM" });
    expect(html).toContain('data-testid="vehicle-licence"');
    expect(html).toContain("Посвідчення AM");
  });

  test("a scooter that needs no licence says nothing about one", () => {
    expect(render(scooter(0))).not.toContain("vehicle-licence");
  });
});

describe("VehicleCard's lease", () => {
  test("the courier's lease card shows the rent agreement kept with the lease", () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18nFor("en")}>
        <VehicleCard
          vehicle={{
            ...scooter(0),
            rentAgreement: { version: "rent-2026-11", rentPerDayCents: 500, agreedAt: "2026-11-02T09:00:00.000Z" },
          }}
          showLease
        />
      </I18nextProvider>,
    );
    expect(html).toContain('data-testid="lease-rent-agreement"');
    expect(html).toContain("rent-2026-11");
    expect(html).toMatch(/5[.,]00/);
  });
});
