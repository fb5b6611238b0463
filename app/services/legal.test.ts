import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { EXPORT_CATEGORY_PHRASES, legalTemplate, missingExportCategories } from "~/domain/legal-templates";
import { LANGUAGES } from "~/domain/rules";
import { collectUserData } from "~/models/privacy.server";
import { clearCompanyProfile, createUser, setCompanyProfile } from "../../tests/factories";
import { DEMO_COMPANY } from "~db/seed-content";
import { gatherExport } from "./data-export.server";
import { legalFacts, legalTemplateFor } from "./legal.server";

/** The top-level keys of the export's data.json that are data about the person (not the export's own date). */
async function exportCategories() {
  const user = await createUser();
  const [json] = await gatherExport((await collectUserData(user.id))!);
  const { exportedAt: _date, ...document } = JSON.parse(new TextDecoder().decode(json!.bytes));
  return Object.keys(document).sort();
}

// The controller's facts come from the operator's company profile.
beforeAll(() => setCompanyProfile(DEMO_COMPANY));
afterAll(() => clearCompanyProfile());

describe("privacy notice and data export (docs/security.md, Privacy)", () => {
  test("every category of data the export holds is named in each language's privacy notice", async () => {
    const categories = await exportCategories();
    // Both ways: a new key of the export needs its words here, and no words stand for a key that left.
    expect(Object.keys(EXPORT_CATEGORY_PHRASES).sort()).toEqual(categories);
    for (const language of LANGUAGES) {
      const notice = await legalTemplateFor("privacy", language);
      expect({ language, missing: missingExportCategories(notice, language) }).toEqual({ language, missing: [] });
    }
  });

  test("the notice states the controller, the authority, no transfer outside the EU and the retention in force", async () => {
    for (const language of LANGUAGES) {
      const facts = await legalFacts(language);
      const notice = legalTemplate("privacy", language, facts);
      expect(notice).toContain("Courier Fleet s.r.o.");
      expect(notice).toContain("Mlynské nivy 5");
      expect(notice).toContain("info@courierfleet.sk");
      expect(notice).toContain(
        "Úrad na ochranu osobných údajov Slovenskej republiky, Hraničná 12, 820 07 Bratislava 27",
      );
      expect(notice).toContain("431/2002");
      expect(notice).toContain(`${facts.retention.rejectedDocumentDays} `);
      // Another retention setting changes the text.
      const other = legalTemplate("privacy", language, {
        ...facts,
        retention: { ...facts.retention, rejectedDocumentDays: 45 },
      });
      expect(other).toContain("45 ");
    }
  });

  test("the controller is the company profile's: a change of the profile changes the template", async () => {
    await setCompanyProfile({ ...DEMO_COMPANY, legalName: "Nová Flotila s.r.o.", email: "gdpr@novaflotila.sk" });
    try {
      const notice = await legalTemplateFor("privacy", "en");
      expect(notice).toContain("The controller of your personal data is Nová Flotila s.r.o.");
      expect(notice).toContain("gdpr@novaflotila.sk");
      expect(notice).not.toContain("Courier Fleet s.r.o.");
    } finally {
      await setCompanyProfile(DEMO_COMPANY);
    }
  });

  test("a notice without a category is caught", () => {
    expect(missingExportCategories("Nothing here.", "en")).toContain("bankAccount");
  });
});
