import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { vehicleRequests } from "~db/schema";
import { RENT_AGREEMENT_VERSION } from "~/domain/rent-agreement";
import { setClockOffset } from "~/infra/clock.server";
import { writerForTests } from "~/infra/db.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { agreedRent, createUser, getUserRow, refusalKey } from "../../tests/factories";
import { DecisionError } from "./decisions.server";
import { collectUserData } from "./privacy.server";
import { getPaySettings } from "./settings.server";
import { approveVehicleRequest, createVehicleRequest, getLeaseRentAgreement } from "./vehicle-requests.server";

const admin = await createUser({ role: "admin" });
const refusal = (run: () => unknown) => refusalKey(DecisionError, run);

async function requestsOf(userId: number) {
  return await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.userId, userId));
}

describe("the rent agreement at the vehicle request", () => {
  test("without the courier's agreement the request is refused and nothing is written", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const vehicle = await createVehicle();
    expect(await refusal(() => createVehicleRequest(user.id, vehicle.id, null))).toBe("rentAgreementRequired");
    expect(
      await refusal(() =>
        createVehicleRequest(user.id, vehicle.id, {
          version: "rent-1999-01",
          rentPerDayCents: 500,
        }),
      ),
    ).toBe("rentAgreementRequired");
    expect(await requestsOf(user.id)).toEqual([]);
    expect((await getUserRow(user.id))?.status).toBe("working_no_vehicle");
  });

  test("an agreement to a rent no longer in force is refused, so the courier sees the rent again", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const vehicle = await createVehicle();
    const { rentPerDayCents } = await getPaySettings();
    expect(
      await refusal(() =>
        createVehicleRequest(user.id, vehicle.id, {
          version: RENT_AGREEMENT_VERSION,
          rentPerDayCents: rentPerDayCents + 100,
        }),
      ),
    ).toBe("rentChanged");
    expect(await requestsOf(user.id)).toEqual([]);
  });

  test("the request keeps the wording's version, the rent and the time; the lease and the export show them", async () => {
    setClockOffset(0);
    const user = await createUser({ status: "working_no_vehicle" });
    const vehicle = await createVehicle();
    const agreement = await agreedRent();
    const request = await createVehicleRequest(user.id, vehicle.id, agreement);
    expect(request.rentAgreementVersion).toBe(RENT_AGREEMENT_VERSION);
    expect(request.rentAgreedCents).toBe(agreement.rentPerDayCents);
    expect(request.rentAgreedAt).toBeInstanceOf(Date);
    expect(await getLeaseRentAgreement(user.id, vehicle.id)).toBeNull();
    await approveVehicleRequest(admin.id, request.id);
    expect(await getLeaseRentAgreement(user.id, vehicle.id)).toEqual({
      version: RENT_AGREEMENT_VERSION,
      rentPerDayCents: agreement.rentPerDayCents,
      agreedAt: request.rentAgreedAt!.toISOString(),
    });
    const exported = await collectUserData(user.id);
    expect(exported!.vehicleRequests[0]).toMatchObject({
      rentAgreementVersion: RENT_AGREEMENT_VERSION,
      rentAgreedCents: agreement.rentPerDayCents,
    });
  });
});
