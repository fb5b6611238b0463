/**
 * Demo inputs of weekly pay (docs/pay.md, the demo walk-through): the platforms, an account per demo courier, two full weeks of
 * imported days before "now" and bank details with valid test IBANs. The statements job turns them into
 * drafts; the seed writes no statement itself. The imports carry a seed marker instead of an uploaded file.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "~/infra/db.server";
import { addDays, addWeeks, daysOfWeek, weekOf } from "~/domain/pay-week";
import { bankAccounts, earningImports, earnings, platformAccounts, platforms } from "./schema";

export const DEMO_PLATFORMS = ["Wolt", "Bolt Food", "foodora"] as const;

/** Valid SEPA test IBANs (mod-97 checked), one per demo courier. */
const DEMO_IBANS = ["SK3112000000198742637541", "SK2211000000001234567899", "SK6511000000001234567901"];

export type DemoPayCourier = { id: number; fullName: string };

export async function seedDemoPay(tx: Tx, couriers: DemoPayCourier[], adminId: number, now = new Date()) {
  const platformIds: number[] = [];
  for (const name of DEMO_PLATFORMS) {
    const [found] = await tx.select({ id: platforms.id }).from(platforms).where(eq(platforms.name, name)).limit(1);
    platformIds.push(found?.id ?? (await tx.insert(platforms).values({ name }).returning({ id: platforms.id }))[0]!.id);
  }
  const thisWeek = weekOf(now);
  const weeks = [addWeeks(thisWeek, -2), addWeeks(thisWeek, -1)];
  const accounts = couriers.map((courier, i) => ({
    courier,
    platformId: platformIds[i % platformIds.length]!,
    accountId: `DEMO-${1001 + i}`,
  }));
  for (const { courier, platformId, accountId } of accounts) {
    await tx
      .insert(platformAccounts)
      .values({ platformId, accountId, userId: courier.id, startsOn: addDays(weeks[0]!, -28), createdById: adminId });
  }
  for (const week of weeks) {
    for (const platformId of new Set(accounts.map((a) => a.platformId))) {
      const [file] = await tx
        .insert(earningImports)
        .values({
          platformId,
          weekStart: week,
          fileName: "demo-seed.csv",
          storageKey: `demo-seed/${platformId}/${week}`,
          sha256: "0".repeat(64),
          committedAt: now,
          createdById: adminId,
        })
        .returning({ id: earningImports.id });
      let rows = 0;
      for (const [c, account] of accounts.entries()) {
        if (account.platformId !== platformId) continue;
        // Five or six days a week, with numbers that vary by day but are the same on every seed.
        for (const [d, day] of daysOfWeek(week).entries()) {
          if (d === 6 || (d === 2 && c % 2 === 0)) continue;
          const deliveries = 8 + ((c * 3 + d * 5) % 9);
          const minutes = 60 * (4 + ((c + d) % 4)) + 15 * (d % 3);
          await tx.insert(earnings).values({
            platformId,
            accountId: account.accountId,
            day,
            minutes,
            deliveries,
            grossCents: deliveries * 430 + 150 * d,
            tipsCents: 50 * ((c + d) % 5),
            importId: file!.id,
          });
          rows += 1;
        }
      }
      await tx.update(earningImports).set({ rowsCount: rows }).where(eq(earningImports.id, file!.id));
    }
  }
  for (const [i, courier] of couriers.entries()) {
    await tx.insert(bankAccounts).values({
      userId: courier.id,
      iban: DEMO_IBANS[i % DEMO_IBANS.length]!,
      holder: courier.fullName,
      holderMismatch: false,
      changedAt: new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000),
    });
  }
}
