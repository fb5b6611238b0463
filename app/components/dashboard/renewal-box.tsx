import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { DashboardActionData, DashboardData } from "./types";
import { useDates } from "./format";

/**
 * Lease renewal on the courier's vehicle card: the date from which they may ask, the button once the
 * window is open (a plain form post, no JS needed), or the note that their request waits.
 */
export function RenewalBox({
  renewal,
  actionData,
}: {
  renewal: NonNullable<DashboardData["renewal"]>;
  actionData: DashboardActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const { date } = useDates();
  const navigation = useNavigation();
  const error = actionData?.intent === "renew" ? actionData.error : undefined;
  if (renewal.pending) {
    return (
      <p className="alert alert-info" data-testid="renewal-pending">
        {t("renewal.pending")}
      </p>
    );
  }
  if (!renewal.canAsk) {
    return renewal.tooEarly ? (
      <p className="field-hint" data-testid="renewal-later">
        {t("renewal.opensOn", { date: date(renewal.opensAt) })}
      </p>
    ) : null;
  }
  return (
    <Form method="post" action="/dashboard/lease-renewal" className="renewal-box" data-testid="renewal">
      <span>{t("renewal.askHint", { date: date(renewal.leaseEndsAt), days: renewal.leaseDays })}</span>
      <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
        {t("renewal.ask")}
      </button>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
