import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { HandoverDetails } from "~/components/handover-details";
import type { DashboardActionData, DashboardData } from "./types";
import { useDates } from "./format";
import { FormKey } from "../form-key";

/** "Please confirm the handover": each check-out or check-in the admin recorded, until the courier confirms it. */
export function HandoverConfirmations({
  handovers,
  actionData,
  formKey,
}: {
  handovers: DashboardData["handovers"];
  actionData: DashboardActionData | undefined;
  formKey: string;
}) {
  const { t } = useTranslation("dashboard");
  const { dateTime } = useDates();
  const navigation = useNavigation();
  if (handovers.length === 0) return null;
  const error =
    actionData?.intent === "handover" || actionData?.intent === "handoverDispute" ? actionData.error : undefined;
  const disputing = actionData?.intent === "handoverDispute";
  return (
    <>
      {handovers.map((h) => (
        <section
          key={h.id}
          className="card dash-section handover-confirm"
          data-testid={`confirm-${h.kind}`}
          aria-labelledby={`handover-${h.id}`}
        >
          <h2 className="dash-h2" id={`handover-${h.id}`}>
            {t("handover.title")}
          </h2>
          <p>
            <strong>{t(`handover.kind.${h.kind}`)}</strong> —{" "}
            {t("handover.intro", { vehicle: h.vehicleName, date: dateTime(h.recordedAt) })}
          </p>
          <HandoverDetails handover={h} />
          {h.newDamages.length > 0 ? <p className="field-hint">{t("handover.newDamageHint")}</p> : null}
          {error ? (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          ) : null}
          <Form method="post" action="/dashboard/handover">
            <input type="hidden" name="handoverId" value={h.id} />
            <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
              {t("handover.confirm")}
            </button>
          </Form>
          {/* "I disagree": a native disclosure, so it opens without JS too; open again after a refused note. */}
          <details className="handover-dispute" open={disputing || undefined}>
            <summary className="btn btn-outline">{t("handover.disagree")}</summary>
            <Form method="post" action="/dashboard/handover-dispute" className="form-stack">
              <input type="hidden" name="handoverId" value={h.id} />
              <FormKey value={formKey} />
              <p className="field-hint">{t("handover.disagreeIntro")}</p>
              <label className="field">
                <span>{t("handover.disagreeNote")}</span>
                <textarea name="note" rows={3} maxLength={1000} required />
              </label>
              <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
                {t("handover.disagreeSend")}
              </button>
            </Form>
          </details>
        </section>
      ))}
    </>
  );
}
