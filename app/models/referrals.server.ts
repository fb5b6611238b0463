import { count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { referralLinks, users } from "~db/schema";
import { config } from "~/infra/config.server";
import { db, transaction } from "~/infra/db.server";
import { recordAudit } from "./audit.server";

/** Unambiguous characters only: a code may be read aloud or typed from a flyer. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generateReferralCode(length = 8) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function referralUrl(code: string) {
  return `${config().appUrl}/?ref=${encodeURIComponent(code)}`;
}

/** Every link with its clicks and the registrations it brought (all, and those that activated). */
export async function listReferralLinks() {
  const regs = db()
    .select({
      linkId: users.referralLinkId,
      total: count().as("total"),
      activated: sql<number>`sum(case when ${users.status} <> 'created_account' then 1 else 0 end)`.as("activated"),
    })
    .from(users)
    // Only referred users: the index (referral_link_id, status) then answers without reading the rest.
    .where(isNotNull(users.referralLinkId))
    .groupBy(users.referralLinkId)
    .as("regs");
  const rows = await db()
    .select({
      id: referralLinks.id,
      name: referralLinks.name,
      code: referralLinks.code,
      clicks: referralLinks.clicks,
      createdAt: referralLinks.createdAt,
      totalRegistrations: sql<number>`coalesce(${regs.total}, 0)`.mapWith(Number),
      activatedRegistrations: sql<number>`coalesce(${regs.activated}, 0)`.mapWith(Number),
    })
    .from(referralLinks)
    .leftJoin(regs, eq(regs.linkId, referralLinks.id))
    .orderBy(desc(referralLinks.createdAt), desc(referralLinks.id));
  return rows.map((row) => ({ ...row, url: referralUrl(row.code) }));
}

/** Creates a link with a fresh unique code (a clash, vanishingly rare, just draws again). */
export async function createReferralLink(adminId: number, name: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateReferralCode();
    const taken = await db()
      .select({ id: referralLinks.id })
      .from(referralLinks)
      .where(eq(referralLinks.code, code))
      .limit(1);
    if (taken.length > 0) continue;
    return transaction(async (tx) => {
      const [link] = await tx.insert(referralLinks).values({ name, code, createdById: adminId }).returning();
      await recordAudit(tx, {
        actorId: adminId,
        action: "referral.create",
        entityType: "referral",
        entityId: link!.id,
        before: null,
        after: { name, code },
      });
      return link!;
    });
  }
  throw new Error("Could not draw a free referral code");
}

/** Deletes a link; users it brought keep their accounts (their link reference becomes empty). */
export async function deleteReferralLink(adminId: number, id: number) {
  return transaction(async (tx) => {
    const [link] = await tx.select().from(referralLinks).where(eq(referralLinks.id, id)).limit(1);
    if (!link) return false;
    await tx.delete(referralLinks).where(eq(referralLinks.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: "referral.delete",
      entityType: "referral",
      entityId: id,
      before: { name: link.name, code: link.code, clicks: link.clicks },
      after: null,
    });
    return true;
  });
}
