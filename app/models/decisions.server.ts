import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { HTML_LANG } from "~/domain/rules";
import { documentFieldId, type DocumentKind } from "~/domain/documents";
import type { Tx } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { config } from "~/infra/config.server";
import { queueNotice } from "./outbox.server";
import { phoneNotice, type Channel } from "~/domain/notifications";
import { withoutYearMark } from "~/domain/date-format";

/**
 * Why a courier action or an admin decision was refused. Screens translate `dashboard:refusals.<key>`;
 * `status` is the HTTP status a route answers with.
 */
export class DecisionError extends Error {
  constructor(
    readonly key:
      | "notFound"
      | "notPending"
      | "notAllowed"
      | "pendingExists"
      | "vehicleUnavailable"
      | "vehicleNotYetAvailable"
      | "sameVehicle"
      | "documentsMissing"
      | "cooldown"
      | "reasonRequired"
      | "replyRequired"
      | "noVehicle"
      | "tooEarly"
      | "documentsExpired"
      | "validUntilRequired"
      | "validUntilPast"
      | "stalePage"
      | "undoExpired"
      | "rentAgreementRequired"
      | "rentChanged",
  ) {
    super(key);
  }
  get status() {
    if (this.key === "notFound") return 404;
    if (this.key === "notAllowed" || this.key === "documentsExpired") return 403;
    if (this.key === "validUntilRequired" || this.key === "validUntilPast") return 400;
    if (this.key === "cooldown") return 429;
    if (this.key === "rentAgreementRequired") return 400;
    if (this.key === "reasonRequired" || this.key === "replyRequired" || this.key === "documentsMissing") return 400;
    return 409;
  }
}

export type DecisionMail =
  | "applicationApproved"
  | "applicationRejected"
  | "approvalWithdrawn"
  | "vehicleApproved"
  | "vehicleRejected"
  | "swapApproved"
  | "swapRejected"
  | "renewalApproved"
  | "renewalRejected"
  | "reportReplied"
  | "payQuestionReplied"
  | "documentExpiring"
  | "documentExpired"
  | "documentAccepted"
  | "documentRejected"
  | "leaseEnding"
  | "handoverRecorded";

/**
 * Tells the user about a decision in their own language, on the channels they chose for it (e-mail,
 * Telegram): queued in the decision's own transaction `tx` (the outbox), so it goes out exactly when the
 * decision commits, and is sent again until the channel takes it. Returns false when the user is gone.
 */
export async function notifyUser(
  tx: Tx,
  userId: number,
  mail: DecisionMail,
  raw: Record<string, string | number | Date> = {},
  path = "/dashboard",
  documents: readonly DocumentKind[] = [],
  only?: readonly Channel[],
) {
  const [user] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return false;
  const t = translatorFor(user.language);
  // Dates are written the way the recipient's language writes them.
  const dateFormat = new Intl.DateTimeFormat(HTML_LANG[user.language], { dateStyle: "long" });
  const values = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, v instanceof Date ? withoutYearMark(dateFormat.format(v)) : v]),
  );
  const link = `${config().appUrl}${path}`;
  // Documents to replace are named, each with a link straight to its field on the dashboard.
  const replace = documents.length
    ? [
        "",
        t("dashboard:email.replaceDocuments"),
        ...documents.map(
          (kind) =>
            `- ${t(`dashboard:apply.documents.${kind}`)}: ${config().appUrl}/dashboard#${documentFieldId(kind)}`,
        ),
      ]
    : [];
  const body = t(`dashboard:email.${mail}.body`, values);
  const subject = t(`dashboard:email.${mail}.subject`, values);
  const text = [body, ...replace, "", t("dashboard:email.link", { link }), "", t("dashboard:email.signature")].join(
    "\n",
  );
  await queueNotice(
    tx,
    { to: user.email, subject, text, language: user.language, kind: mail, userId },
    phoneNotice(subject, body, link),
    undefined,
    only,
  );
  return true;
}
