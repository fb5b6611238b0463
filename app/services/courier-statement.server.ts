/**
 * A statement of the courier's own as a PDF in their language (docs/pay.md, "What the courier sees"). The lines and totals
 * are the stored ones: a frozen statement prints what was approved, never a recomputation.
 */
import { expectedPayday } from "~/domain/pay-review";
import { localDateOf } from "~/domain/pay-week";
import type { Language } from "~/domain/rules";
import { now as clockNow } from "~/infra/clock.server";
import { getPaySettingsForWeek } from "~/models/settings.server";
import { getCompanyProfile } from "~/models/company-profile.server";
import { getOwnStatement } from "~/models/courier-pay.server";
import { renderStatementPdf } from "./statement-pdf.server";

/** The PDF and its file name, or null when the statement is not the courier's (or does not exist). */
export async function ownStatementPdf(
  user: { id: number; email: string; fullName: string | null },
  statementId: number,
  language: Language,
) {
  const statement = await getOwnStatement(user.id, statementId);
  if (!statement) return null;
  const payday = await pdfPayday(statement);
  const bytes = await renderStatementPdf({
    language,
    payer: await getCompanyProfile(),
    courierName: user.fullName ?? statement.holder ?? user.email,
    week: statement.week,
    payday,
    // The PDF knows draft, approved and paid: a statement in an exported file is approved and on its way.
    status: statement.status === "exported" ? "approved" : statement.status,
    iban: statement.iban,
    statement: { ...statement, payday },
  });
  return { bytes, fileName: `pay-statement-${statement.week}.pdf` };
}

/**
 * The payday a statement's PDF prints, the one shown everywhere (courier-pay.server.ts `payday`): the
 * batch's stored date in a payout file, else the expected one (never in the past); a draft's too.
 */
async function pdfPayday(statement: { week: string; payday: string | null }, now = clockNow()) {
  if (statement.payday) return statement.payday;
  return expectedPayday(statement.week, (await getPaySettingsForWeek(statement.week)).paydayWeekday, localDateOf(now));
}

/** The payday the PDF of the courier's statement prints (null: not theirs). */
export async function ownStatementPdfPayday(userId: number, statementId: number, now = clockNow()) {
  const statement = await getOwnStatement(userId, statementId, now);
  return statement ? await pdfPayday(statement, now) : null;
}
