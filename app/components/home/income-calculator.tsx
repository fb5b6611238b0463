import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { useJoinLink } from "~/components/site-header";
import { calculateIncome, INCOME_DAYS, INCOME_HOURS, type IncomeFigures, type IncomeRule } from "~/domain/income";
import { formatCents } from "~/domain/pay-format";
import type { Language } from "~/domain/rules";

type Amounts = { week: string; month: string; withScooterWeek: string; withScooterMonth: string };
export type IncomeView = Amounts & { days: number; hours: number; rule: IncomeRule; rate: string; rent: string };

/** The calculator's four amounts in cents as the page shows them (187,50 €, never rounded to 188 €). */
export function incomeAmounts(income: IncomeFigures, language: Language): Amounts {
  return {
    week: formatCents(income.weekCents, language),
    month: formatCents(income.monthCents, language),
    withScooterWeek: formatCents(income.withScooterWeekCents, language),
    withScooterMonth: formatCents(income.withScooterMonthCents, language),
  };
}

/** What the calculator's two selects show. */
function shownIn(form: HTMLFormElement) {
  const chosen = new FormData(form);
  return { days: Number(chosen.get("days")), hours: Number(chosen.get("hours")) };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A GET form the server answers (`?days=5&hours=8#income`), so it works without JavaScript; with
 * JavaScript the amounts follow the selects at once. The first render shows the server's strings, so
 * hydration never disagrees about number formatting.
 */
export function IncomeCalculator({ initial, language }: { initial: IncomeView; language: Language }) {
  const { t } = useTranslation("home");
  const joinLink = useJoinLink();
  const [input, setInput] = useState<{ days: number; hours: number } | null>(null);
  const shown = input ? incomeAmounts(calculateIncome(input, initial.rule), language) : initial;
  const days = input?.days ?? initial.days;
  const hours = input?.hours ?? initial.hours;
  // A choice made before hydration (the page hydrates late on a slow phone) is in the selects, not in
  // state: taken over once, so the amounts match what the selects show.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!form.current) return;
    const picked = shownIn(form.current);
    if (picked.days !== initial.days || picked.hours !== initial.hours) setInput(picked);
  }, [initial.days, initial.hours]);
  // Both values from the selects, not one from state: a change made between hydration and the take-over
  // above would otherwise pair with the server's value of the other select.
  const follow = (event: React.ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.form) setInput(shownIn(event.currentTarget.form));
  };
  return (
    <section id="income" className="home-section" aria-labelledby="income-title">
      <div className="container home-income">
        <div>
          <h2 id="income-title">{t("income.title")}</h2>
          <p className="home-section-lead">{t("income.lead")}</p>
          <Form
            ref={form}
            method="get"
            action="/#income"
            preventScrollReset
            className="home-income-form"
            onSubmit={(event) => input && event.preventDefault()}
          >
            <label className="field">
              {t("income.days")}
              <select name="days" value={days} onChange={follow}>
                {range(INCOME_DAYS.min, INCOME_DAYS.max).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              {t("income.hours")}
              <select name="hours" value={hours} onChange={follow}>
                {range(INCOME_HOURS.min, INCOME_HOURS.max).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn btn-outline home-income-submit">
              {t("income.submit")}
            </button>
          </Form>
        </div>
        <div className="home-income-result" aria-live="polite">
          <p className="home-income-case">{t("income.ownVehicle")}</p>
          <dl>
            <div>
              <dt>{t("income.perWeek")}</dt>
              <dd data-testid="income-week">{shown.week}</dd>
            </div>
            <div>
              <dt>{t("income.perMonth")}</dt>
              <dd data-testid="income-month">{shown.month}</dd>
            </div>
          </dl>
          <p className="home-income-case">{t("income.withScooter", { rent: initial.rent })}</p>
          <dl>
            <div>
              <dt>{t("income.perWeek")}</dt>
              <dd data-testid="income-week-scooter">{shown.withScooterWeek}</dd>
            </div>
            <div>
              <dt>{t("income.perMonth")}</dt>
              <dd data-testid="income-month-scooter">{shown.withScooterMonth}</dd>
            </div>
          </dl>
          <p className="home-small">{t("income.rate", { rate: initial.rate, rent: initial.rent })}</p>
          <p className="home-small">{t("income.note")}</p>
          <Link className="btn btn-primary" {...joinLink}>
            {t("income.apply")}
          </Link>
        </div>
      </div>
    </section>
  );
}
