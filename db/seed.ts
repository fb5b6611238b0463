import { count } from "drizzle-orm";
import type { DB } from "~/lib/db.server";
import { faqEntries, fleetModels, newsPosts, partners, statusHistory, users, vehicles } from "./schema";
import { DEMO_ADMIN, FAQ, FLEET, NEWS, PARTNERS } from "./seed-content";

/**
 * Seeds demo data into an empty database and returns the demo admin's login when it was created.
 * A database that already has users is left exactly as it is.
 */
export async function seedDemoData(db: DB): Promise<{ email: string; password: string } | null> {
  const existing = db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return null;
  const passwordHash = await Bun.password.hash(DEMO_ADMIN.password, { algorithm: "argon2id" });
  db.transaction((tx) => {
    const admin = tx
      .insert(users)
      .values({ email: DEMO_ADMIN.email, passwordHash, role: "admin", status: "confirmed_account", fullName: "Demo Admin" })
      .returning({ id: users.id })
      .get();
    tx.insert(statusHistory).values({ userId: admin.id, toStatus: "confirmed_account", reason: "demo seed" }).run();
    for (const [language, entries] of Object.entries(FAQ) as [keyof typeof FAQ, (typeof FAQ)[keyof typeof FAQ]][]) {
      entries.forEach(([question, answer], position) => {
        tx.insert(faqEntries).values({ language, question, answer, position }).run();
      });
    }
    FLEET.forEach((model, position) => {
      tx.insert(vehicles)
        .values({
          name: model.name,
          characteristicsSk: model.characteristics.sk,
          characteristicsUa: model.characteristics.ua,
          characteristicsEn: model.characteristics.en,
          serialNumber: model.serial,
          status: "available",
        })
        .run();
      for (const language of ["sk", "ua", "en"] as const) {
        const [title, spec] = model[language];
        tx.insert(fleetModels).values({ language, title, spec, image: model.image, position }).run();
      }
    });
    const day = 24 * 60 * 60 * 1000;
    NEWS.forEach((post, i) => {
      tx.insert(newsPosts)
        .values({
          titleSk: post.title.sk,
          titleUa: post.title.ua,
          titleEn: post.title.en,
          contentSk: post.content.sk,
          contentUa: post.content.ua,
          contentEn: post.content.en,
          textPosition: post.textPosition,
          published: true, authorId: admin.id, createdAt: new Date(Date.now() - i * 3 * day) })
        .run();
    });
    PARTNERS.forEach((partner, position) => tx.insert(partners).values({ ...partner, position }).run());
  }, { behavior: "immediate" });
  return DEMO_ADMIN;
}
