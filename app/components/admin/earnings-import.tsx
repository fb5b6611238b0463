/** The pieces of the earnings import page: the upload form, the column mapping form and the preview. */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormKey } from "~/components/form-key";
import { AdminTable } from "./admin-table";
import { PlatformSelect } from "./platform-select";
import {
  EARNING_FIELDS,
  EARNINGS_LIMITS,
  type EarningsMapping,
  type ImportCorrection,
  type RowProblem,
} from "~/domain/earnings-csv";
import { formatEur } from "~/domain/maintenance";
import { isoWeekLabel } from "~/domain/pay-week";
import { formatDuration } from "~/domain/pay-format";
import { HTML_LANG, isLanguage, type Language } from "~/domain/rules";
import { Intent } from "../intent";

function useLocale() {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? HTML_LANG[i18n.language] : "sk";
}

/** Worked time as everywhere else in pay ("42 h 35 min"), in the page's language. */
function useDuration() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "sk";
  return (minutes: number) => formatDuration(minutes, language);
}

export function UploadForm({
  platforms,
  defaultWeek,
  formKey,
}: {
  platforms: { id: number; name: string }[];
  defaultWeek: string;
  formKey: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="card">
      <p className="field-hint">{t("pay.import.hint")}</p>
      <Form
        method="post"
        action={`/admin/payouts/import?formKey=${formKey}`}
        encType="multipart/form-data"
        className="form-stack"
      >
        <PlatformSelect platforms={platforms} />
        <label className="field">
          {t("pay.import.week")}
          <input type="date" name="weekStart" required defaultValue={defaultWeek} />
        </label>
        <label className="field">
          {t("pay.import.file")}
          <input
            type="file"
            name="file"
            required
            accept=".csv,text/csv,text/plain"
            // With JS an empty or oversized file is named before it is sent; without JS the server says the same.
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              input.setCustomValidity(
                !file
                  ? ""
                  : file.size === 0
                    ? t("pay.import.emptyFile")
                    : file.size > EARNINGS_LIMITS.fileBytes
                      ? t("pay.import.tooLarge")
                      : "",
              );
              input.reportValidity();
            }}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {t("pay.import.preview")}
        </button>
      </Form>
    </div>
  );
}

type Base = { id: number; fileName: string; weekStart: string; platformName: string };

function Summary({ preview }: { preview: Base }) {
  const { t } = useTranslation("admin");
  return (
    <p>
      {t("pay.import.summary", { file: preview.fileName, platform: preview.platformName, week: preview.weekStart })}
    </p>
  );
}

function DiscardForm({ id }: { id: number }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="post">
      <Intent value="discard" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-outline">
        {t("pay.import.discard")}
      </button>
    </Form>
  );
}

/** Our fields, each to be picked from the file's columns; saved on the platform for its next files. */
export function MappingForm({ preview }: { preview: Base & { header: string[]; mapping: EarningsMapping | null } }) {
  const { t } = useTranslation("admin");
  return (
    <div className="card">
      <Summary preview={preview} />
      <h2>{t("pay.mapping.title")}</h2>
      <p className="field-hint">{t("pay.mapping.hint")}</p>
      <Form method="post" className="form-stack">
        <Intent value="map" />
        <input type="hidden" name="id" value={preview.id} />
        {EARNING_FIELDS.map((field) => (
          <label className="field" key={field}>
            {t(`pay.mapping.field.${field}`)}
            <select name={`col_${field}`} required defaultValue={preview.mapping?.columns[field] ?? ""}>
              <option value="">{t("pay.mapping.choose")}</option>
              {preview.header.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </label>
        ))}
        <fieldset className="field">
          <legend>{t("pay.mapping.duration")}</legend>
          {(["minutes", "hours"] as const).map((unit) => (
            <label key={unit}>
              <input
                type="radio"
                name="duration"
                value={unit}
                required
                defaultChecked={(preview.mapping?.duration ?? "minutes") === unit}
              />{" "}
              {t(`pay.mapping.unit.${unit}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary">
          {t("pay.mapping.save")}
        </button>
      </Form>
      <DiscardForm id={preview.id} />
    </div>
  );
}

type Totals = {
  userId: number;
  email: string;
  fullName: string | null;
  rows: number;
  minutes: number;
  deliveries: number;
  grossCents: number;
  tipsCents: number;
};
type Ready = Base & {
  read: number;
  good: number;
  generic: boolean;
  problems: RowProblem[];
  problemCount: number;
  unknownAccounts: { accountId: string; firstDay: string }[];
  totals: Totals[];
  counts: { added: number; changed: number; unchanged: number };
  corrections: ImportCorrection[];
};

export function ImportPreviewView({
  preview,
  couriers,
  formKey,
}: {
  preview: Ready;
  couriers: { email: string; fullName: string | null }[];
  formKey: string;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const duration = useDuration();
  return (
    <>
      <div className="card" data-testid="import-summary">
        <Summary preview={preview} />
        <p>
          {t("pay.import.counts", {
            read: preview.read,
            good: preview.good,
            problems: preview.problemCount,
            ...preview.counts,
          })}
        </p>
        <div className="admin-inline-form">
          <Form method="post">
            <Intent value="commit" />
            <FormKey value={formKey} />
            <input type="hidden" name="id" value={preview.id} />
            <button type="submit" className="btn btn-primary">
              {t("pay.import.commit", { count: preview.good })}
            </button>
          </Form>
          <DiscardForm id={preview.id} />
        </div>
      </div>
      {preview.corrections.length ? <CorrectionsWarning preview={preview} /> : null}
      {preview.unknownAccounts.length ? (
        <div className="card" id="unknown-accounts">
          <h2>{t("pay.import.unknownTitle")}</h2>
          <p className="field-hint">{t("pay.import.unknownHint")}</p>
          <datalist id="courier-choices">
            {couriers.map((c) => (
              <option key={c.email} value={c.email}>
                {c.fullName ?? c.email}
              </option>
            ))}
          </datalist>
          <ul className="admin-list">
            {preview.unknownAccounts.map((account) => (
              <li key={account.accountId}>
                <Form method="post" className="admin-inline-form" preventScrollReset>
                  <Intent value="link" />
                  <input type="hidden" name="id" value={preview.id} />
                  <input type="hidden" name="accountId" value={account.accountId} />
                  <strong>{account.accountId}</strong>
                  <label className="field">
                    {t("pay.import.courier")}
                    <input type="email" name="courier" list="courier-choices" required autoComplete="off" />
                  </label>
                  <label className="field">
                    {t("pay.accounts.startsOn")}
                    <input type="date" name="startsOn" required defaultValue={account.firstDay} />
                  </label>
                  <button type="submit" className="btn btn-outline">
                    {t("pay.accounts.link")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="card">
        <h2>{t("pay.import.totalsTitle")}</h2>
        <AdminTable
          rows={preview.totals}
          rowKey={(row) => row.userId}
          empty={t("pay.import.noTotals")}
          columns={[
            { header: t("pay.import.courier"), render: (row) => row.fullName ?? row.email },
            { header: t("pay.import.hours"), render: (row) => duration(row.minutes) },
            { header: t("pay.import.deliveries"), render: (row) => row.deliveries },
            {
              header: t("pay.import.gross"),
              render: (row) => formatEur(row.grossCents, locale),
              className: "whitespace-nowrap",
            },
            {
              header: t("pay.import.tips"),
              render: (row) => formatEur(row.tipsCents, locale),
              className: "whitespace-nowrap",
            },
          ]}
        />
      </div>
      <div className="card">
        <h2>{t("pay.import.problemsTitle", { count: preview.problemCount })}</h2>
        <AdminTable
          rows={preview.problems}
          rowKey={(row) => row.line}
          empty={t("pay.import.noProblems")}
          columns={[
            { header: t("pay.import.line"), render: (row) => row.line },
            { header: t("pay.accounts.accountId"), render: (row) => row.accountId ?? "—" },
            {
              header: t("pay.import.problem"),
              render: (row) =>
                t(`pay.problem.${row.code}`, {
                  field: row.field ? t(`pay.mapping.field.${row.field}`) : "",
                  value: row.value ?? "",
                  limit:
                    row.limit === undefined
                      ? ""
                      : row.code === "tooManyMinutes"
                        ? row.limit.toLocaleString(locale)
                        : formatEur(row.limit, locale),
                }),
            },
          ]}
        />
      </div>
    </>
  );
}

const signed = (value: number, format: (v: number) => string) =>
  `${value > 0 ? "+" : value < 0 ? "−" : ""}${format(Math.abs(value))}`;

/** The couriers whose week is already approved or paid: their statement stays, the difference goes to their next open week. */
function CorrectionsWarning({ preview }: { preview: Ready }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const eur = (cents: number) => formatEur(cents, locale);
  return (
    <div className="card" id="corrections" data-testid="import-corrections">
      <h2>{t("pay.import.correctionsTitle")}</h2>
      <p className="alert alert-info">{t("pay.import.correctionsHint", { week: isoWeekLabel(preview.weekStart) })}</p>
      <ul className="admin-list">
        {preview.corrections.map((c) => (
          <li key={c.userId}>
            {t("pay.import.correction", {
              courier: c.fullName ?? c.email,
              week: isoWeekLabel(preview.weekStart),
              status: t(`pay.import.correctionStatus.${c.status}`),
              minutes: signed(c.minutes, String),
              gross: signed(c.grossCents, eur),
              tips: signed(c.tipsCents, eur),
              amount: signed(c.amountCents, eur),
              landsIn: isoWeekLabel(c.landsIn),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
