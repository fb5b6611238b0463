/** The dashboard's way to the Pay page: from the day the application is approved, with a word when the IBAN is missing. */
import { describe, expect, test } from "bun:test";
import { saveBankAccount } from "~/models/bank-accounts.server";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { call, readJson } from "../../tests/route-harness";
import * as dashboard from "./dashboard";

type Data = { hasPay: boolean; ibanMissing: boolean };
const dashboardOf = async (userId: number) =>
  readJson<Data>(await call(dashboard.loader, "/dashboard", { cookie: await sessionCookieHeader(userId) }));

describe("the Pay page from the dashboard", () => {
  test("a newly approved courier is linked to Pay and told that the IBAN is missing", async () => {
    const courier = await createUser({ status: "working_no_vehicle", fullName: "Olena Kovalenko" });
    expect(await dashboardOf(courier.id)).toMatchObject({ hasPay: true, ibanMissing: true });
    await saveBankAccount(courier.id, { iban: "SK3112000000198742637541", accountHolder: "Olena Kovalenko" });
    expect(await dashboardOf(courier.id)).toMatchObject({ hasPay: true, ibanMissing: false });
  });

  test("an applicant is not linked to Pay and is not asked for an IBAN", async () => {
    const applicant = await createUser({ status: "applied_for_job" });
    expect(await dashboardOf(applicant.id)).toMatchObject({ hasPay: false, ibanMissing: false });
  });
});

describe("the vehicle request shows the rent before the courier asks", () => {
  test("the vehicle dialog carries the rent per day in force", async () => {
    const courier = await createUser({ status: "working_no_vehicle" });
    const data = await readJson<{ rentPerDayCents: number | null }>(
      await call(dashboard.loader, "/dashboard?modal=vehicle", { cookie: await sessionCookieHeader(courier.id) }),
    );
    expect(data.rentPerDayCents).toBe(500);
  });
});
