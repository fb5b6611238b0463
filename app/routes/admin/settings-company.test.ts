import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { DEMO_COMPANY } from "~db/seed-content";
import { config } from "~/infra/config.server";
import { getCompanyProfileForEdit } from "~/models/company-profile.server";
import { actors } from "../../../tests/admin-fixtures";
import { clearCompanyProfile, setCompanyProfile } from "../../../tests/factories";
import { call, readJson } from "../../../tests/route-harness";
import * as root from "../../root";
import * as layout from "./layout";
import * as company from "./settings-company";

type Handler = Parameters<typeof call>[0];
let adminCookie = "";
let userCookie = "";
const debtor = config().payoutDebtor as { name?: string; iban?: string; bic?: string };
const configured = { ...debtor };

beforeAll(async () => {
  const a = await actors();
  adminCookie = a.adminCookie;
  userCookie = a.userCookie;
  // A new installation without PAYOUT_DEBTOR_*.
  debtor.name = undefined;
  debtor.iban = undefined;
});
beforeEach(clearCompanyProfile);
afterAll(async () => {
  Object.assign(debtor, configured);
  await clearCompanyProfile();
});

const FORM = {
  version: "0",
  legalName: "Nová Flotila s.r.o.",
  address: "Hlavná 1, 040 01 Košice",
  ico: "35 763 469",
  vatId: "sk 2020 1234 56",
  registerEntry: "Obchodný register Mestského súdu Košice, oddiel Sro, vložka č. 1234/V",
  email: "kontakt@novaflotila.sk",
  phone: "+421 55 123 4567",
  payoutName: "Nová Flotila s.r.o.",
  payoutIban: "SK31 1200 0000 1987 4263 7541",
  payoutBic: "",
};

const post = (form: Record<string, string>, cookie = adminCookie) =>
  call(company.action as Handler, "/admin/settings/company?lng=en", { cookie, form });

type Reply = {
  formError: string | null;
  version: number;
  result: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
};

describe("/admin/settings/company", () => {
  test("only admins read or save it", async () => {
    expect((await call(company.loader as Handler, "/admin/settings/company", { cookie: userCookie })).status).toBe(403);
    expect((await post(FORM, userCookie)).status).toBe(403);
    expect((await getCompanyProfileForEdit()).version).toBe(0);
  });

  test("a valid form is saved, normalised, and the footer shows it on the next request", async () => {
    const response = await post(FORM);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings/company");
    expect(await getCompanyProfileForEdit()).toEqual({
      version: 1,
      profile: {
        legalName: "Nová Flotila s.r.o.",
        address: "Hlavná 1, 040 01 Košice",
        ico: "35763469",
        vatId: "SK2020123456",
        registerEntry: "Obchodný register Mestského súdu Košice, oddiel Sro, vložka č. 1234/V",
        email: "kontakt@novaflotila.sk",
        phone: "+421 55 123 4567",
        payoutName: "Nová Flotila s.r.o.",
        payoutIban: "SK3112000000198742637541",
      },
    });
    const page = await readJson<{ company: Record<string, string> }>(await call(root.loader as Handler, "/"));
    expect(page.company).toEqual({
      legalName: "Nová Flotila s.r.o.",
      address: "Hlavná 1, 040 01 Košice",
      ico: "35763469",
      vatId: "SK2020123456",
      email: "kontakt@novaflotila.sk",
      phone: "+421 55 123 4567",
    });
  });

  test("bad input: each field says what is wrong, in the admin's language, and nothing is saved", async () => {
    const response = await post({
      ...FORM,
      ico: "55 123 45",
      vatId: "SK12",
      email: "not-an-address",
      phone: "0903 123",
      payoutName: "Флотилія & Co",
      payoutIban: "SK31 1200 0000 1987 4263 7542",
      payoutBic: "XX",
    });
    expect(response.status).toBe(400);
    const reply = await readJson<Reply>(response);
    expect(reply.result.error).toMatchObject({
      ico: ["admin:company.errors.ico"],
      vatId: ["admin:company.errors.vatId"],
      email: ["admin:company.errors.email"],
      phone: ["admin:company.errors.phone"],
      payoutName: ["admin:company.errors.payoutName"],
      payoutIban: ["admin:company.errors.iban"],
      payoutBic: ["admin:company.errors.bic"],
    });
    expect(reply.result.initialValue).toMatchObject({ ico: "55 123 45", legalName: "Nová Flotila s.r.o." });
    expect((await getCompanyProfileForEdit()).version).toBe(0);
    const notSepa = await readJson<Reply>(await post({ ...FORM, payoutIban: "BR1800360305000010009795493C1" }));
    expect(notSepa.result.error).toMatchObject({ payoutIban: ["admin:company.errors.ibanNotSepa"] });
  });

  test("a save against a version another admin replaced is refused with what was typed, then goes through", async () => {
    expect((await post(FORM)).status).toBe(302);
    // Another admin saves meanwhile.
    expect((await post({ ...FORM, version: "1", email: "first@novaflotila.sk" })).status).toBe(302);
    const stale = await post({ ...FORM, version: "1", email: "second@novaflotila.sk" });
    expect(stale.status).toBe(409);
    const reply = await readJson<Reply>(stale);
    expect(reply.formError).toContain("Another admin saved the company profile");
    expect(reply.result.initialValue).toMatchObject({ email: "second@novaflotila.sk" });
    expect(reply.version).toBe(2);
    expect((await getCompanyProfileForEdit()).profile.email).toBe("first@novaflotila.sk");
    // Saving again from the refused form (now at version 2) keeps what this admin typed.
    expect((await post({ ...FORM, version: String(reply.version), email: "second@novaflotila.sk" })).status).toBe(302);
    expect((await getCompanyProfileForEdit()).profile.email).toBe("second@novaflotila.sk");
  });

  test("admin pages say 'Finish setting up' with what is missing until the profile is complete", async () => {
    const missing = async () =>
      (
        await readJson<{ missingCompanyFields: string[] }>(
          await call(layout.loader as Handler, "/admin/dashboard", { cookie: adminCookie }),
        )
      ).missingCompanyFields;
    expect(await missing()).toEqual([
      "legalName",
      "address",
      "ico",
      "registerEntry",
      "email",
      "phone",
      "payoutName",
      "payoutIban",
    ]);
    await setCompanyProfile({ legalName: "Nová Flotila s.r.o.", email: "kontakt@novaflotila.sk" });
    expect(await missing()).toEqual(["address", "ico", "registerEntry", "phone", "payoutName", "payoutIban"]);
    await setCompanyProfile(DEMO_COMPANY);
    expect(await missing()).toEqual([]);
  });
});
