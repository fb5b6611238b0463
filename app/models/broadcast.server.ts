/**
 * An admin's message to a group of couriers (docs/operations.md#telegram): the storm warning or the recall
 * the operator used to send through a messenger group. Each courier gets it in their language (Slovak when
 * the admin wrote none in theirs) on the channels they chose for announcements; one transaction, one audit
 * entry, rate limited per admin.
 */
import { and, eq, gt, inArray, isNotNull, lte } from "drizzle-orm";
import { users, vehicles } from "~db/schema";
import type { BroadcastGroup } from "~/domain/admin-schemas";
import { DOCUMENT_EXPIRING_SOON_DAYS, type Language } from "~/domain/rules";
import type { UserStatus } from "~/domain/status";
import { now as clockNow } from "~/infra/clock.server";
import { config } from "~/infra/config.server";
import { db, transaction, type Database } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { recordAudit } from "./audit.server";
import { hit } from "./limits.server";
import { queueNotice } from "./outbox.server";

/** Couriers of the fleet: hired, whatever their vehicle or documents. */
const COURIER_STATUSES: UserStatus[] = [
  "working_no_vehicle",
  "applied_for_vehicle",
  "vehicle_rejected",
  "working_with_vehicle",
  "lease_expired",
  "documents_expired",
];

const DAY = 24 * 60 * 60 * 1000;

/** The active couriers of a group: with a vehicle, with a document ending within 30 days, or all. */
export async function broadcastRecipients(group: BroadcastGroup, at = clockNow(), q: Database = db()) {
  const courier = and(eq(users.role, "user"), eq(users.active, true), inArray(users.status, COURIER_STATUSES));
  const columns = { id: users.id, email: users.email, language: users.language };
  if (group === "withVehicle")
    return await q
      .selectDistinct(columns)
      .from(users)
      .innerJoin(vehicles, eq(vehicles.assignedUserId, users.id))
      .where(courier);
  if (group === "documentExpiring")
    return await q
      .select(columns)
      .from(users)
      .where(
        and(
          courier,
          isNotNull(users.documentValidUntil),
          gt(users.documentValidUntil, at),
          lte(users.documentValidUntil, new Date(at.getTime() + DOCUMENT_EXPIRING_SOON_DAYS * DAY)),
        ),
      );
  return await q.select(columns).from(users).where(courier);
}

export async function broadcastCounts(at = clockNow()) {
  const groups: BroadcastGroup[] = ["withVehicle", "documentExpiring", "everyone"];
  return Object.fromEntries(
    await Promise.all(groups.map(async (g) => [g, (await broadcastRecipients(g, at)).length] as const)),
  ) as Record<BroadcastGroup, number>;
}

export type Broadcast = {
  group: BroadcastGroup;
  titleSk: string;
  titleUa: string | null;
  titleEn: string | null;
  bodySk: string;
  bodyUa: string | null;
  bodyEn: string | null;
  urgent: boolean;
};

export type BroadcastResult = { ok: true; count: number } | { ok: false; retryAfterSeconds: number };

/** Sends `message` to its group; refused past RATE_LIMITS.broadcast for this admin. */
export async function broadcastMessage(adminId: number, message: Broadcast): Promise<BroadcastResult> {
  const limit = await hit("broadcast", String(adminId));
  if (!limit.ok) return limit;
  const at = clockNow();
  const link = `${config().appUrl}/dashboard`;
  const texts = (language: Language) => {
    const title = (language === "ua" ? message.titleUa : language === "en" ? message.titleEn : null) ?? message.titleSk;
    const body = (language === "ua" ? message.bodyUa : language === "en" ? message.bodyEn : null) ?? message.bodySk;
    return { title, body };
  };
  const kind = message.urgent ? "announcementUrgent" : "announcement";
  const count = await transaction(async (tx) => {
    const recipients = await broadcastRecipients(message.group, at, tx);
    for (const user of recipients) {
      const { title, body } = texts(user.language);
      const t = translatorFor(user.language);
      await queueNotice(
        tx,
        {
          to: user.email,
          subject: title,
          text: [body, "", t("dashboard:email.link", { link }), "", t("dashboard:email.signature")].join("\n"),
          language: user.language,
          kind,
          userId: user.id,
        },
        { title, body, link },
        at,
      );
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "message.broadcast",
      entityType: "mail",
      entityId: null,
      subjectUserId: null,
      before: null,
      after: { title: message.titleSk, group: message.group, count: recipients.length, urgent: message.urgent },
    });
    return recipients.length;
  });
  return { ok: true, count };
}
