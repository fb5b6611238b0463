/**
 * The couriers' pay e-mails (docs/pay.md): a statement approved, a statement paid — each in the
 * courier's language, with the amount, the week and the payday — and, for an approved week with nothing
 * to transfer, a short note saying so and what is carried over (it gets no "paid" e-mail: nothing is sent). Queued in the outbox inside the
 * transaction that approves or pays, so a committed approval always tells the courier and a rolled-back
 * one never does; an SMTP outage only delays the message.
 */
import { inArray } from "drizzle-orm";
import { users } from "~db/schema";
import { formatCalendarDate, formatCents } from "~/domain/pay-format";
import { addDays, paydayOf, type IsoWeekday, type WeekId } from "~/domain/pay-week";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
import { config } from "~/infra/config.server";
import type { Tx } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { phoneNotice } from "~/domain/notifications";
import { queueNotice } from "./outbox.server";

export type PayMail = "statementApproved" | "statementPaid" | "statementNothingToTransfer";

/** The mail's subject and text in the language, for a statement of `week` paying `amountCents` on `payday`. */
export function composePayMail(
  kind: PayMail,
  language: Language,
  values: { amountCents: number; week: WeekId; payday: string; carryOutCents?: number },
) {
  const t = translatorFor(language);
  const carried = -(values.carryOutCents ?? 0);
  const vars = {
    amount: formatCents(values.amountCents, language),
    carried: formatCents(carried, language),
    from: formatCalendarDate(values.week, language),
    to: formatCalendarDate(addDays(values.week, 6), language),
    payday: formatCalendarDate(values.payday, language),
  };
  const link = `${config().appUrl}/dashboard`;
  const subject = t(`pay:mail.${kind}.subject`, vars);
  // Nothing to transfer and nothing carried over (a net of exactly 0): the note says just that.
  const body = t(
    `pay:mail.${kind}.${kind === "statementNothingToTransfer" && carried === 0 ? "bodyEven" : "body"}`,
    vars,
  );
  return {
    subject,
    phone: phoneNotice(subject, body, `${config().appUrl}/dashboard/pay`),
    text: [body, "", t("dashboard:email.link", { link }), "", t("dashboard:email.signature")].join("\n"),
  };
}

/** Queues one pay e-mail per statement to its courier, in `tx` (statements of erased accounts have no one to tell). */
export async function queuePayMails(
  tx: Tx,
  kind: PayMail,
  statements: {
    userId: number | null;
    payoutCents: number;
    weekStart: WeekId;
    payday?: string;
    carryOutCents?: number;
  }[],
  paydayWeekday: IsoWeekday,
) {
  const ids = statements.flatMap((s) => (s.userId === null ? [] : [s.userId]));
  if (ids.length === 0) return 0;
  const recipients = new Map(
    (
      await tx
        .select({ id: users.id, email: users.email, language: users.language })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((u) => [u.id, u]),
  );
  let queued = 0;
  for (const s of statements) {
    const user = s.userId === null ? undefined : recipients.get(s.userId);
    if (!user) continue;
    const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
    const mail = composePayMail(kind, language, {
      amountCents: s.payoutCents,
      week: s.weekStart,
      payday: s.payday ?? paydayOf(s.weekStart, paydayWeekday),
      carryOutCents: s.carryOutCents,
    });
    const { phone, ...email } = mail;
    await queueNotice(tx, { to: user.email, ...email, language, kind, userId: user.id }, phone);
    queued += 1;
  }
  return queued;
}
