import { count, eq } from "drizzle-orm";
import { transaction } from "~/infra/db.server";
import {
  applications,
  faqEntries,
  fleetModels,
  handovers,
  newsPosts,
  partners,
  serviceRecords,
  statusHistory,
  users,
  vehicleRequests,
  vehicles,
} from "./schema";
import { seedDemoPay, type DemoPayCourier } from "./seed-pay";
import { writeCompanyProfile } from "~/models/company-profile.server";
import { RENT_AGREEMENT_VERSION } from "~/domain/rent-agreement";
import { DEFAULT_PAY_SETTINGS } from "~/domain/rules";
import {
  DEMO_ADMIN,
  DEMO_COMPANY,
  DEMO_COURIER,
  DEMO_COURIER_PASSWORD,
  DEMO_LEASES,
  DEMO_SERVICE,
  FAQ,
  FLEET,
  NEWS,
  PARTNERS,
} from "./seed-content";

/**
 * Seeds demo data into an empty database and returns the demo admin's login when it was created.
 * A database that already has users is left as it is, but for one thing: a demo seeded before the
 * company profile existed (its demo admin is there, no profile is) gets the demo company's profile,
 * so its footer, e-mails and payout files keep naming the demo company.
 */
export async function seedDemoData(
  inTransaction: typeof transaction = transaction,
): Promise<{ email: string; password: string } | null> {
  const [existing] = await inTransaction((tx) => tx.select({ n: count() }).from(users));
  if ((existing?.n ?? 0) > 0) {
    await inTransaction(async (tx) => {
      const [demo] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
      // Never over a profile an admin has saved.
      if (demo) await writeCompanyProfile(tx, DEMO_COMPANY);
    });
    return null;
  }
  const passwordHash = await Bun.password.hash(DEMO_ADMIN.password, { algorithm: "argon2id" });
  const courierHash = await Bun.password.hash(DEMO_COURIER_PASSWORD, { algorithm: "argon2id" });
  const day = 24 * 60 * 60 * 1000;
  await inTransaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({
        email: DEMO_ADMIN.email,
        passwordHash,
        role: "admin",
        status: "confirmed_account",
        fullName: "Demo Admin",
      })
      .returning({ id: users.id });
    await tx.insert(statusHistory).values({ userId: admin!.id, toStatus: "confirmed_account", reason: "demo seed" });
    await writeCompanyProfile(tx, DEMO_COMPANY);
    for (const [position, [questionSk, answerSk]] of FAQ.sk.entries()) {
      await tx.insert(faqEntries).values({
        questionSk,
        answerSk,
        questionUa: FAQ.ua[position]![0],
        answerUa: FAQ.ua[position]![1],
        questionEn: FAQ.en[position]![0],
        answerEn: FAQ.en[position]![1],
        position,
      });
    }
    for (const [position, model] of FLEET.entries()) {
      await tx.insert(vehicles).values({
        name: model.name,
        characteristicsSk: model.characteristics.sk,
        characteristicsUa: model.characteristics.ua,
        characteristicsEn: model.characteristics.en,
        serialNumber: model.serial,
        licenceCategory: model.licenceCategory,
        status: "available",
      });
      await tx.insert(fleetModels).values({
        name: model.name,
        specSk: model.sk[1],
        specUa: model.ua[1],
        specEn: model.en[1],
        image: model.image,
        licenceCategory: model.licenceCategory,
        position,
      });
    }
    for (const [i, post] of NEWS.entries()) {
      await tx.insert(newsPosts).values({
        titleSk: post.title.sk,
        titleUa: post.title.ua,
        titleEn: post.title.en,
        contentSk: post.content.sk,
        contentUa: post.content.ua,
        contentEn: post.content.en,
        textPosition: post.textPosition,
        published: true,
        authorId: admin!.id,
        createdAt: new Date(Date.now() - i * 3 * day),
      });
    }
    for (const [position, partner] of PARTNERS.entries()) await tx.insert(partners).values({ ...partner, position });
    // Two couriers on a lease: one whose lease ends within the renewal window and who asked to renew,
    // one who took the vehicle ten days ago with a recorded check-out waiting for their confirmation.
    const now = Date.now();
    const payCouriers: DemoPayCourier[] = [];
    for (const lease of DEMO_LEASES) {
      const [courier] = await tx
        .insert(users)
        .values({
          email: lease.email,
          passwordHash: courierHash,
          status: "working_with_vehicle",
          fullName: lease.fullName,
          language: lease.language,
        })
        .returning({ id: users.id });
      await tx
        .insert(statusHistory)
        .values({ userId: courier!.id, toStatus: "working_with_vehicle", reason: "demo seed" });
      payCouriers.push({ id: courier!.id, fullName: lease.fullName });
      const [vehicle] = await tx
        .insert(vehicles)
        .values({
          name: lease.vehicle.name,
          characteristicsSk: lease.vehicle.characteristics.sk,
          characteristicsUa: lease.vehicle.characteristics.ua,
          characteristicsEn: lease.vehicle.characteristics.en,
          serialNumber: lease.vehicle.serial,
          licenceCategory: lease.vehicle.licenceCategory,
          status: "in_use",
          assignedUserId: courier!.id,
          leaseEndsAt: new Date(now + lease.endsInDays * day),
          odometerKm: lease.checkOut.odometerKm,
        })
        .returning({ id: vehicles.id });
      const startedAt = new Date(now + (lease.endsInDays - 30) * day);
      const [request] = await tx
        .insert(vehicleRequests)
        .values({
          userId: courier!.id,
          kind: "request",
          requestedVehicleId: vehicle!.id,
          status: "approved",
          expiresAt: new Date(now + lease.endsInDays * day),
          decidedById: admin!.id,
          decidedAt: startedAt,
          createdAt: startedAt,
          // The courier agreed to the rent's deduction when asking (CONTRACT §8).
          rentAgreementVersion: RENT_AGREEMENT_VERSION,
          rentAgreedCents: DEFAULT_PAY_SETTINGS.rentPerDayCents,
          rentAgreedAt: startedAt,
        })
        .returning({ id: vehicleRequests.id });
      await tx.insert(handovers).values({
        kind: "check_out",
        vehicleId: vehicle!.id,
        userId: courier!.id,
        requestId: request!.id,
        createdAt: startedAt,
        batteryPercent: lease.checkOut.batteryPercent,
        odometerKm: lease.checkOut.odometerKm,
        damages: lease.checkOut.damages,
        note: lease.checkOut.note,
        // A moped's check-out records the driving licence the admin saw (CONTRACT §8).
        licenceSeenCategory: lease.vehicle.licenceCategory === "AM" ? "B" : null,
        licenceSeenLast4: lease.vehicle.licenceCategory === "AM" ? "4821" : null,
        recordedById: admin!.id,
        recordedAt: startedAt,
        confirmedAt: lease.checkOut.confirmed ? new Date(startedAt.getTime() + 60 * 60 * 1000) : null,
      });
      if (lease.renewalRequested) {
        await tx.insert(vehicleRequests).values({
          userId: courier!.id,
          kind: "renewal",
          currentVehicleId: vehicle!.id,
          requestedVehicleId: vehicle!.id,
          createdAt: new Date(now - 2 * 60 * 60 * 1000),
        });
      }
    }
    // A working courier whose residence permit ends in under 30 days (UTC midnight, as typed dates are stored).
    const today = new Date(new Date().toISOString().slice(0, 10));
    const documentValidUntil = new Date(today.getTime() + DEMO_COURIER.documentDaysLeft * day);
    const [courier] = await tx
      .insert(users)
      .values({
        email: DEMO_COURIER.email,
        passwordHash: courierHash,
        role: "user",
        status: "working_no_vehicle",
        fullName: DEMO_COURIER.fullName,
        language: "ua",
        documentValidUntil,
      })
      .returning({ id: users.id });
    await tx.insert(statusHistory).values({ userId: courier!.id, toStatus: "working_no_vehicle", reason: "demo seed" });
    await tx.insert(applications).values({
      userId: courier!.id,
      status: "approved",
      fullName: DEMO_COURIER.fullName,
      age: 27,
      citizenship: "other",
      phone: "+421903123456",
      contactMethod: "telegram",
      contactUsername: "olena_demo",
      documentValidUntil,
      decidedById: admin!.id,
      decidedAt: new Date(),
    });
    payCouriers.push({ id: courier!.id, fullName: DEMO_COURIER.fullName });
    // Weekly pay: platforms, their accounts, two weeks of imported days and bank details for the couriers above.
    await seedDemoPay(tx, payCouriers, admin!.id, new Date(now));
    // A vehicle in service, with the record of what is being done and when the next service is due.
    const { vehicle, record } = DEMO_SERVICE;
    const [inService] = await tx
      .insert(vehicles)
      .values({
        name: vehicle.name,
        characteristicsSk: vehicle.characteristics.sk,
        characteristicsUa: vehicle.characteristics.ua,
        characteristicsEn: vehicle.characteristics.en,
        serialNumber: vehicle.serial,
        licenceCategory: vehicle.licenceCategory,
        status: "maintenance",
        odometerKm: vehicle.odometerKm,
      })
      .returning({ id: vehicles.id });
    await tx.insert(serviceRecords).values({
      vehicleId: inService!.id,
      serviceDate: today,
      description: record.description,
      costCents: record.costCents,
      nextDueKm: record.nextDueKm,
      nextDueAt: new Date(today.getTime() + record.nextDueDays * day),
      createdById: admin!.id,
    });
  });
  return DEMO_ADMIN;
}
