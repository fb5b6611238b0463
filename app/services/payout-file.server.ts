import SEPA from "sepa";
import { checkIban, isValidBic } from "~/domain/bank-details";
import type { CompanyProfile } from "~/domain/company-profile";
import {
  addDays,
  isoWeekLabel,
  isWeekId,
  paydayOf,
  type CalendarDate,
  type IsoWeekday,
  type WeekId,
} from "~/domain/pay-week";
import { toSepaText } from "~/domain/sepa-text";
import { csvCents, toCsv } from "~/infra/csv.server";
import { translatorFor } from "~/infra/i18n.server";
import type { Language } from "~/domain/rules";

/**
 * The payout files of one batch of approved statements (docs/pay.md): a SEPA credit transfer
 * `pain.001.001.09` for the bank and a CSV for the accountant. Everything is checked before a single
 * line is written, so an invalid amount, IBAN or name never reaches a file: the batch is refused whole.
 */

export type PayoutItem = {
  statementId: number | string;
  /** The courier's name as entered (Slovak or Cyrillic); transliterated for the bank. */
  creditorName: string;
  creditorIban: string;
  amountCents: number;
  /** The week paid (its Monday). */
  weekStart: WeekId;
};

export type PayoutDebtor = { name: string; iban: string; bic?: string };

export type PayoutFileProblem =
  | "empty"
  | "amount"
  | "iban"
  | "name"
  | "week"
  | "duplicate"
  | "debtorMissing"
  | "debtorInvalid";

/** A refusal: `problem` says what, `statementId` which statement, `missing` which variables are unset. */
export class PayoutFileError extends Error {
  override name = "PayoutFileError";
  constructor(
    readonly problem: PayoutFileProblem,
    message: string,
    readonly details: { statementId?: number | string; missing?: string[] } = {},
  ) {
    super(message);
  }
}

/** SEPA's largest amount in one transaction (999,999,999.99 EUR). */
const MAX_AMOUNT_CENTS = 99_999_999_999;

/**
 * The paying company's account from its profile (`payoutName`, `payoutIban`, `payoutBic`; an empty
 * profile takes PAYOUT_DEBTOR_* from the configuration, app/models/company-profile.server.ts).
 * Refuses, naming each missing field of the profile.
 */
export function payoutDebtor(profile: Pick<CompanyProfile, "payoutName" | "payoutIban" | "payoutBic">): PayoutDebtor {
  const missing = [!profile.payoutName && "payoutName", !profile.payoutIban && "payoutIban"].filter((v): v is string =>
    Boolean(v),
  );
  if (missing.length > 0)
    throw new PayoutFileError(
      "debtorMissing",
      `Payout files need the company profile's payout account: ${missing.join(" and ")} missing.`,
      { missing },
    );
  return { name: profile.payoutName!, iban: profile.payoutIban!, bic: profile.payoutBic };
}

/** The statement's end-to-end id: what the courier's bank shows and the bank's report gives back. */
export function endToEndId(statementId: number | string): string {
  return `CF-ST-${statementId}`;
}

const shortDate = (date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.`;
const fullDate = (date: CalendarDate) => `${shortDate(date)}${date.slice(0, 4)}`;

/** "Pay week 2026-W47 (16.11.-22.11.2026)" (the bank shows the company as the payer): SEPA's character set has no en dash. */
export function remittanceText(week: WeekId): string {
  return `Pay week ${isoWeekLabel(week)} (${shortDate(week)}-${fullDate(addDays(week, 6))})`;
}

type CheckedItem = PayoutItem & { sepaName: string; iban: string; executionDate: CalendarDate };

/** Why one statement cannot be written in a payout file (its problem and the message), or null when it can. */
function itemRefusal(item: PayoutItem): PayoutFileError | null {
  const at = { statementId: item.statementId };
  const id = String(item.statementId);
  if (!Number.isSafeInteger(item.amountCents) || item.amountCents < 1 || item.amountCents > MAX_AMOUNT_CENTS)
    return new PayoutFileError(
      "amount",
      `Statement ${id}: ${item.amountCents} is not a payable amount (whole cents, at least 1).`,
      at,
    );
  const iban = checkIban(item.creditorIban);
  if (!iban.ok) return new PayoutFileError("iban", `Statement ${id}: the IBAN is not valid (${iban.problem}).`, at);
  const sepaName = toSepaText(item.creditorName);
  if (!sepaName || sepaName.length === 0 || sepaName.length > 70)
    return new PayoutFileError(
      "name",
      `Statement ${id}: the name cannot be written in SEPA's character set (at most 70 Latin characters).`,
      at,
    );
  if (!isWeekId(item.weekStart))
    return new PayoutFileError("week", `Statement ${id}: ${item.weekStart} is not a week (a Monday).`, at);
  return null;
}

/**
 * Why a statement cannot go into a payout file ("amount", "iban", "name", "week"), or null: the export
 * holds such a statement back with its reason and writes the others (docs/pay.md, "Payday").
 */
export function payoutItemProblem(item: PayoutItem): PayoutFileProblem | null {
  return itemRefusal(item)?.problem ?? null;
}

function checkItems(items: PayoutItem[], executionDateOf: (week: WeekId) => CalendarDate): CheckedItem[] {
  if (items.length === 0) throw new PayoutFileError("empty", "A payout file needs at least one approved statement.");
  const seen = new Set<string>();
  return items.map((item) => {
    const id = String(item.statementId);
    if (seen.has(id))
      throw new PayoutFileError("duplicate", `Statement ${id} is in the batch twice.`, {
        statementId: item.statementId,
      });
    seen.add(id);
    const refused = itemRefusal(item);
    if (refused) throw refused;
    const iban = checkIban(item.creditorIban);
    return {
      ...item,
      sepaName: toSepaText(item.creditorName)!,
      iban: iban.ok ? iban.iban : item.creditorIban,
      executionDate: executionDateOf(item.weekStart),
    };
  });
}

function checkDebtor(debtor: PayoutDebtor) {
  const name = toSepaText(debtor.name);
  const iban = checkIban(debtor.iban);
  if (!name || name.length > 70)
    throw new PayoutFileError("debtorInvalid", "The payout account holder cannot be written in SEPA's character set.");
  if (!iban.ok) throw new PayoutFileError("debtorInvalid", `The payout account's IBAN is not valid (${iban.problem}).`);
  const bic = debtor.bic?.replace(/\s/g, "").toUpperCase();
  if (bic && !isValidBic(bic)) throw new PayoutFileError("debtorInvalid", "The payout account's BIC is not valid.");
  return { name, iban: iban.iban, bic };
}

export type PayoutBatch = {
  /** The batch's own id: the file's message id is `CF-PB-<batchId>`, so a bank refuses the same file twice. */
  batchId: number | string;
  items: PayoutItem[];
  debtor: PayoutDebtor;
  paydayWeekday: IsoWeekday;
  /** Today in Bratislava: a payday already past is executed today instead (a bank refuses past dates). */
  today: CalendarDate;
  /** The batch's stored execution date: when given, every transaction of the file is executed on it. */
  executionDate?: CalendarDate;
  createdAt: Date;
};

/** The execution date of a week's pay: the batch's stored date, else its payday, or today when that is past. */
function executionDate(batch: Pick<PayoutBatch, "paydayWeekday" | "today" | "executionDate">) {
  return (week: WeekId) => {
    if (batch.executionDate) return batch.executionDate;
    const payday = paydayOf(week, batch.paydayWeekday);
    return payday < batch.today ? batch.today : payday;
  };
}

/** A local-midnight Date, which the `sepa` package prints as that calendar date whatever the server's zone. */
function calendarDate(date: CalendarDate) {
  return new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

/**
 * The SEPA credit transfer file: one transaction per statement, one payment block per execution date,
 * batch booking (one debit on the company's statement). Throws PayoutFileError, writing nothing, on
 * any invalid part.
 */
export function buildSepaPayoutFile(batch: PayoutBatch): {
  xml: string;
  messageId: string;
  transactionCount: number;
  controlSumCents: number;
} {
  const debtor = checkDebtor(batch.debtor);
  const items = checkItems(batch.items, executionDate(batch));
  const messageId = `CF-PB-${batch.batchId}`;
  if (toSepaText(messageId) !== messageId || messageId.length > 35)
    throw new PayoutFileError("debtorInvalid", `The batch id ${batch.batchId} cannot be a SEPA message id.`);

  const doc = new SEPA.Document("pain.001.001.09");
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = batch.createdAt;
  doc.grpHdr.initiatorName = debtor.name;
  const dates = [...new Set(items.map((item) => item.executionDate))].sort();
  for (const date of dates) {
    const info = doc.createPaymentInfo();
    // The package prefixes the message id: CF-PB-7.20261127.
    info.id = date.replace(/-/g, "");
    info.batchBooking = true;
    info.requestedExecutionDate = calendarDate(date);
    info.debtorName = debtor.name;
    info.debtorIBAN = debtor.iban;
    if (debtor.bic) info.debtorBIC = debtor.bic;
    for (const item of items.filter((i) => i.executionDate === date)) {
      const tx = info.createTransaction();
      tx.end2endId = endToEndId(item.statementId);
      tx.creditorName = item.sepaName;
      tx.creditorIBAN = item.iban;
      // The one conversion from cents: integer cents / 100 has at most two decimals.
      tx.amount = item.amountCents / 100;
      tx.remittanceInfo = remittanceText(item.weekStart);
      info.addTransaction(tx);
    }
    doc.addPaymentInfo(info);
  }
  const controlSumCents = items.reduce((sum, item) => sum + item.amountCents, 0);
  return { xml: doc.toString(), messageId, transactionCount: items.length, controlSumCents };
}

/**
 * The accountant's copy of the same batch, headed in the admin's language, through the one CSV writer
 * (`;`, UTF-8 with a byte-order mark so Excel reads the names right, decimal commas, CRLF, formulas
 * made inert). Checked exactly as the SEPA file is.
 */
export function buildAccountantCsv(
  batch: Pick<PayoutBatch, "items" | "paydayWeekday" | "today">,
  language: Language,
): string {
  const items = checkItems(batch.items, executionDate(batch));
  const t = translatorFor(language);
  const header = ["statement", "courier", "iban", "week", "payday", "amount"].map((key) => t(`admin:pay.csv.${key}`));
  return toCsv(
    header,
    items.map((item) => [
      endToEndId(item.statementId),
      item.creditorName,
      item.iban,
      `${isoWeekLabel(item.weekStart)} ${fullDate(item.weekStart)}–${fullDate(addDays(item.weekStart, 6))}`,
      fullDate(item.executionDate),
      csvCents(item.amountCents),
    ]),
  );
}
