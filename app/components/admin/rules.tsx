/** The pieces of the admin's rules page (/admin/settings/rules): in force, the two forms, the confirmation, the history. */
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { useFormatDate } from "~/components/admin/ui";
import { Intent } from "~/components/intent";
import {
  centsFieldValue,
  EDITABLE_RATE_LIMITS,
  OPERATOR_RULE_KEYS,
  PAY_RECORD_RETENTION_YEARS,
  PAY_RULE_KEYS,
  percentFieldValue,
  RULE_RANGES,
  type OperatorRuleKey,
  type OperatorRuleValues,
  type PayRuleValues,
} from "~/domain/operator-rules";
import { formatCalendarDate, formatCents } from "~/domain/pay-format";
import { addWeeks, isoWeekLabel, type WeekId } from "~/domain/pay-week";
import { isLanguage, type Language } from "~/domain/rules";

type RuleKey = (typeof PAY_RULE_KEYS)[number] | (typeof OPERATOR_RULE_KEYS)[number];
type Refusal = { typed: Record<string, string>; fieldErrors: Record<string, string>; conflict: boolean } | null;

/**
 * A field's value after a refusal: what the admin typed — but after a conflict, a field they left as it
 * was shown takes what the other admin saved, so saving again keeps both changes.
 */
function valueAfter(refusal: Refusal, name: string, current: string) {
  const typed = refusal?.typed[name];
  if (typed === undefined) return current;
  if (refusal!.conflict && typed === refusal!.typed[`shown.${name}`]) return current;
  return typed;
}

/** What the form showed, posted along, so a conflict can tell the fields the admin changed. */
function Shown({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={`shown.${name}`} value={value} />
      ))}
    </>
  );
}
type Page = {
  revision: number;
  thisWeek: string;
  earliestWeek: string;
  inForce: PayRuleValues;
  scheduled: { week: string; values: PayRuleValues; changed: string[] }[];
  operator: OperatorRuleValues;
  history: {
    revision: number;
    kind: "pay" | "operator";
    effectiveFrom: string | null;
    values: Record<string, number | string>;
    previous: Record<string, number | string>;
    createdAt: Date | string;
    actorName: string | null;
    actorEmail: string | null;
  }[];
};

/** The label of a rule (the history's keys are the stored ones). */
const LABEL: Record<RuleKey, string> = {
  hourlyRateCents: "rules.field.hourlyRate",
  payModel: "rules.field.payModel",
  sharePercent: "rules.field.sharePercent",
  rentPerDayCents: "rules.field.rentPerDay",
  paydayWeekday: "rules.field.paydayWeekday",
  leaseDays: "rules.field.leaseDays",
  leaseRenewalWindowDays: "rules.field.leaseRenewalWindowDays",
  problemReportCooldownHours: "rules.field.problemReportCooldownHours",
  rejectedDocumentRetentionDays: "rules.field.rejectedDocumentRetentionDays",
  documentReminderFirstDays: "rules.field.documentReminderFirstDays",
  documentReminderSecondDays: "rules.field.documentReminderSecondDays",
  rateLimitAssistant: "rules.field.rateLimitAssistant",
  rateLimitUploads: "rules.field.rateLimitUploads",
  rateLimitDataExport: "rules.field.rateLimitDataExport",
  rateLimitPayQuestions: "rules.field.rateLimitPayQuestions",
  rateLimitReferralTrack: "rules.field.rateLimitReferralTrack",
};

function useRuleText() {
  const { t, i18n } = useTranslation("admin");
  const language: Language = isLanguage(i18n.language) ? i18n.language : "sk";
  return (key: string, value: number | string | undefined) => {
    if (value === undefined) return "—";
    switch (key) {
      case "hourlyRateCents":
        return `${centsFieldValue(Number(value), language)} ${t("rules.unit.eurPerHour")}`;
      case "rentPerDayCents":
        return `${centsFieldValue(Number(value), language)} ${t("rules.unit.eurPerDay")}`;
      case "sharePercent":
        return `${percentFieldValue(Number(value), language)} %`;
      case "payModel":
        return t(`rules.pay.models.${value}`);
      case "paydayWeekday":
        return t(`rules.weekday.${value}`);
      case "problemReportCooldownHours":
        return `${value} ${t("rules.unit.hours")}`;
      case "rateLimitAssistant":
      case "rateLimitUploads":
      case "rateLimitDataExport":
      case "rateLimitPayQuestions":
      case "rateLimitReferralTrack":
        return `${value} ${t(`rules.unit.${RULE_RANGES[key].unit}`)}`;
      default:
        return `${value} ${t("rules.unit.days")}`;
    }
  };
}

const weekText = (week: string, language: Language) => `${isoWeekLabel(week)} (${formatCalendarDate(week, language)})`;

function useLanguage(): Language {
  const { i18n } = useTranslation("admin");
  return isLanguage(i18n.language) ? i18n.language : "sk";
}

/** What is in force this week and what is scheduled. */
export function RulesInForce({ page }: { page: Page }) {
  const { t } = useTranslation("admin");
  const text = useRuleText();
  const language = useLanguage();
  return (
    <div className="card" data-testid="rules-in-force">
      <h2>{t("rules.pay.title")}</h2>
      <p className="field-hint">{t("rules.pay.intro")}</p>
      <h3>{t("rules.pay.inForce", { week: isoWeekLabel(page.thisWeek) })}</h3>
      <dl className="admin-rules-values">
        {PAY_RULE_KEYS.map((key) => (
          <div key={key}>
            <dt>{t(LABEL[key])}</dt>
            <dd>{text(key, page.inForce[key])}</dd>
          </div>
        ))}
      </dl>
      <h3>{t("rules.pay.scheduled")}</h3>
      {page.scheduled.length === 0 ? <p className="field-hint">{t("rules.pay.noneScheduled")}</p> : null}
      <ul data-testid="rules-scheduled">
        {page.scheduled.map((s) => (
          <li key={s.week}>
            {t("rules.pay.scheduledItem", { week: isoWeekLabel(s.week), date: formatCalendarDate(s.week, language) })}{" "}
            {s.changed
              .map((key) => `${t(LABEL[key as RuleKey])}: ${text(key, s.values[key as keyof PayRuleValues])}`)
              .join(", ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={`rules-${name}`}>{label}</label>
      {children}
      <span className="field-hint" id={`rules-${name}-hint`}>
        {hint}
      </span>
      {error ? (
        <span className="field-error" id={`rules-${name}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** Accessible attributes of an input whose hint (and error) describe it. */
const described = (name: string, error?: string) => ({
  id: `rules-${name}`,
  name,
  "aria-describedby": `rules-${name}-hint${error ? ` rules-${name}-error` : ""}`,
  "aria-invalid": error ? true : undefined,
});

/** The money rules' form: the Monday, the values; it leads to the confirmation. */
export function PayRulesForm({ page, refusal }: { page: Page; refusal: Refusal }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const errors = refusal?.fieldErrors ?? {};
  const value = (name: string, current: string) => valueAfter(refusal, name, current);
  const shown = {
    payModel: page.inForce.payModel,
    hourlyRate: centsFieldValue(page.inForce.hourlyRateCents, language),
    sharePercent: percentFieldValue(page.inForce.sharePercent, language),
    rentPerDay: centsFieldValue(page.inForce.rentPerDayCents, language),
    paydayWeekday: String(page.inForce.paydayWeekday),
  };
  // The next half year of Mondays from the earliest allowed one (and the week typed, if later).
  const weeks: WeekId[] = Array.from({ length: 27 }, (_, i) => addWeeks(page.earliestWeek, i));
  const range = (key: keyof typeof RULE_RANGES) => ({
    min: String(RULE_RANGES[key].min),
    max: String(RULE_RANGES[key].max),
  });
  return (
    <Form method="post" className="card admin-rules-form" data-testid="rules-pay-form" key={page.revision}>
      <h2>{t("rules.pay.formTitle")}</h2>
      <Intent value="pay" />
      <input type="hidden" name="revision" value={page.revision} />
      <Shown values={shown} />
      <Field
        name="effectiveFrom"
        label={t("rules.pay.effectiveFrom")}
        hint={t("rules.pay.effectiveFromHint", { week: isoWeekLabel(page.earliestWeek) })}
        error={errors.effectiveFrom}
      >
        <select
          {...described("effectiveFrom", errors.effectiveFrom)}
          defaultValue={value(
            "effectiveFrom",
            addWeeks(page.thisWeek, 1) >= page.earliestWeek ? addWeeks(page.thisWeek, 1) : page.earliestWeek,
          )}
        >
          {weeks.map((week) => (
            <option key={week} value={week}>
              {t("rules.pay.weekOption", { week: isoWeekLabel(week), date: formatCalendarDate(week, language) })}
            </option>
          ))}
        </select>
      </Field>
      <div className="admin-rules-fields">
        <Field
          name="payModel"
          label={t("rules.field.payModel")}
          hint={t("rules.field.payModelHint")}
          error={errors.payModel}
        >
          <select {...described("payModel", errors.payModel)} defaultValue={value("payModel", shown.payModel)}>
            <option value="hourly">{t("rules.pay.models.hourly")}</option>
            <option value="share">{t("rules.pay.models.share")}</option>
          </select>
        </Field>
        <Field
          name="hourlyRate"
          label={`${t("rules.field.hourlyRate")} (${t("rules.unit.eurPerHour")})`}
          hint={t("rules.field.hourlyRateHint", range("hourlyRateEur"))}
          error={errors.hourlyRate}
        >
          <input
            {...described("hourlyRate", errors.hourlyRate)}
            inputMode="decimal"
            required
            defaultValue={value("hourlyRate", shown.hourlyRate)}
          />
        </Field>
        <Field
          name="sharePercent"
          label={`${t("rules.field.sharePercent")} (${t("rules.unit.percent")})`}
          hint={t("rules.field.sharePercentHint", range("sharePercent"))}
          error={errors.sharePercent}
        >
          <input
            {...described("sharePercent", errors.sharePercent)}
            inputMode="decimal"
            required
            defaultValue={value("sharePercent", shown.sharePercent)}
          />
        </Field>
        <Field
          name="rentPerDay"
          label={`${t("rules.field.rentPerDay")} (${t("rules.unit.eurPerDay")})`}
          hint={t("rules.field.rentPerDayHint", range("rentPerDayEur"))}
          error={errors.rentPerDay}
        >
          <input
            {...described("rentPerDay", errors.rentPerDay)}
            inputMode="decimal"
            required
            defaultValue={value("rentPerDay", shown.rentPerDay)}
          />
        </Field>
        <Field
          name="paydayWeekday"
          label={t("rules.field.paydayWeekday")}
          hint={t("rules.field.paydayWeekdayHint")}
          error={errors.paydayWeekday}
        >
          <select
            {...described("paydayWeekday", errors.paydayWeekday)}
            defaultValue={value("paydayWeekday", shown.paydayWeekday)}
          >
            {[1, 2, 3, 4, 5, 6, 7].map((day) => (
              <option key={day} value={day}>
                {t(`rules.weekday.${day}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="btn btn-primary">
        {t("rules.pay.review")}
      </button>
    </Form>
  );
}

type Confirm = {
  fields: Record<string, string>;
  effectiveFrom: string;
  preview: {
    changed: string[];
    before: PayRuleValues;
    after: PayRuleValues;
    weeks: { week: string; couriers: number; minCents: number; maxCents: number; totalCents: number }[];
  };
};

/** The confirmation step: each change old → new from its week, and what it does to the open drafts. */
export function RulesConfirm({ confirm }: { confirm: Confirm; inForce: PayRuleValues }) {
  const { t } = useTranslation("admin");
  const text = useRuleText();
  const language = useLanguage();
  const signed = (cents: number) =>
    `${cents > 0 ? "+" : cents < 0 ? "−" : ""}${formatCents(Math.abs(cents), language)}`;
  const { preview } = confirm;
  return (
    <section className="card" id="confirm" data-testid="rules-confirm" aria-labelledby="rules-confirm-title">
      <h2 id="rules-confirm-title">{t("rules.confirm.title")}</h2>
      <ul>
        {preview.changed.map((key) => (
          <li key={key}>
            {t("rules.confirm.change", {
              rule: t(LABEL[key as RuleKey]),
              before: text(key, preview.before[key as keyof PayRuleValues]),
              after: text(key, preview.after[key as keyof PayRuleValues]),
              week: weekText(confirm.effectiveFrom, language),
            })}
          </li>
        ))}
      </ul>
      <h3>{t("rules.confirm.draftsTitle")}</h3>
      {preview.weeks.length === 0 ? <p>{t("rules.confirm.noDrafts")}</p> : null}
      <ul data-testid="rules-confirm-drafts">
        {preview.weeks.map((w) => (
          <li key={w.week}>
            {w.couriers === 0
              ? t("rules.confirm.draftsNone", { week: isoWeekLabel(w.week) })
              : w.minCents === w.maxCents
                ? t("rules.confirm.drafts", {
                    week: isoWeekLabel(w.week),
                    count: w.couriers,
                    amount: signed(w.minCents),
                  })
                : t("rules.confirm.draftsRange", {
                    week: isoWeekLabel(w.week),
                    count: w.couriers,
                    min: signed(w.minCents),
                    max: signed(w.maxCents),
                    total: signed(w.totalCents),
                  })}
          </li>
        ))}
      </ul>
      <Form method="post" className="admin-inline-form">
        {Object.entries(confirm.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Intent value="pay" />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn btn-primary">
          {t("rules.confirm.save")}
        </button>
        <AppLink to="/admin/settings/rules" className="btn btn-outline">
          {t("rules.confirm.back")}
        </AppLink>
      </Form>
    </section>
  );
}

/** The rules that apply at once, and the pay records' retention (by law, shown only). */
export function OperatorRulesForm({ page, refusal }: { page: Page; refusal: Refusal }) {
  const { t } = useTranslation("admin");
  const errors = refusal?.fieldErrors ?? {};
  const numberField = (key: OperatorRuleKey) => {
    const range = RULE_RANGES[key];
    return (
      <Field
        key={key}
        name={key}
        label={`${t(LABEL[key])} (${t(`rules.unit.${range.unit}`)})`}
        hint={t(`${LABEL[key]}Hint`, { min: range.min, max: range.max })}
        error={errors[key]}
      >
        <input
          {...described(key, errors[key])}
          type="number"
          inputMode="numeric"
          min={range.min}
          max={range.max}
          step={1}
          required
          defaultValue={valueAfter(refusal, key, String(page.operator[key]))}
        />
      </Field>
    );
  };
  return (
    <Form method="post" className="card admin-rules-form" data-testid="rules-operator-form" key={page.revision}>
      <h2>{t("rules.operator.title")}</h2>
      <p className="field-hint">{t("rules.operator.intro")}</p>
      <Intent value="operator" />
      <input type="hidden" name="revision" value={page.revision} />
      <Shown values={Object.fromEntries(OPERATOR_RULE_KEYS.map((key) => [key, String(page.operator[key])]))} />
      <div className="admin-rules-fields">
        {OPERATOR_RULE_KEYS.filter((key) => !(key in EDITABLE_RATE_LIMITS)).map(numberField)}
        <div className="field">
          <span>{t("rules.field.payRecords")}</span>
          <strong data-testid="rules-pay-records">
            {t("rules.field.payRecordsValue", { years: PAY_RECORD_RETENTION_YEARS })}
          </strong>
          <span className="field-hint">{t("rules.field.payRecordsHint")}</span>
        </div>
      </div>
      <h3>{t("rules.operator.limits")}</h3>
      <p className="field-hint">{t("rules.operator.limitsIntro")}</p>
      <div className="admin-rules-fields">
        {OPERATOR_RULE_KEYS.filter((key) => key in EDITABLE_RATE_LIMITS).map(numberField)}
      </div>
      <button type="submit" className="btn btn-primary">
        {t("rules.operator.save")}
      </button>
    </Form>
  );
}

/** Every change: when, who, from which week (or at once), old → new. */
export function RulesHistory({ history }: { history: Page["history"] }) {
  const { t } = useTranslation("admin");
  const text = useRuleText();
  const formatDate = useFormatDate();
  return (
    <div className="card" data-testid="rules-history">
      <h2>{t("rules.history.title")}</h2>
      {history.length === 0 ? (
        <p className="field-hint">{t("rules.history.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("rules.history.when")}</th>
                <th scope="col">{t("rules.history.who")}</th>
                <th scope="col">{t("rules.history.from")}</th>
                <th scope="col">{t("rules.history.what")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((row) => (
                <tr key={row.revision}>
                  <td>{formatDate(row.createdAt, true)}</td>
                  <td>{row.actorName?.trim() || row.actorEmail || t("rules.history.system")}</td>
                  <td>{row.effectiveFrom ? isoWeekLabel(row.effectiveFrom) : t("rules.history.atOnce")}</td>
                  <td>
                    {Object.keys(row.values).map((key) => (
                      <div key={key}>
                        {t(LABEL[key as RuleKey] ?? key)}: {text(key, row.previous[key])} → {text(key, row.values[key])}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
