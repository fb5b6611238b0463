import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { useCents } from "~/components/admin/pay-review";
import { FormError, PageHeader } from "~/components/admin/ui";
import { damageChargeSchema } from "~/domain/pay-review";
import { weekOf } from "~/domain/pay-week";
import { now } from "~/infra/clock.server";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { chargeDamage, damageChargesOf, damagedHandover } from "~/models/pay-adjustments.server";
import { idParam, redirectWithToast, refuse } from "./admin-action.server";
import type { Route } from "./+types/payouts-damage";
import { adminRefusal } from "../model-errors.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const handover = await damagedHandover(idParam(params.handoverId));
  if (!handover) throw data(null, { status: 404 });
  return { handover, charges: await damageChargesOf(handover.id), defaultWeek: weekOf(now()) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const handoverId = idParam(params.handoverId);
  const submission = parseWithZod(await readFormData(context, request), { schema: damageChargeSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(context, typeof first === "string" && first.includes(":") ? first : "admin:validation.required");
  }
  try {
    await chargeDamage(admin.id, {
      handoverId,
      week: submission.value.week,
      amountCents: submission.value.amount,
      reason: submission.value.reason,
    });
  } catch (error) {
    return adminRefusal(context, error);
  }
  return redirectWithToast(context, `/admin/payouts/damage/${handoverId}`, "admin:pay.damage.chargedDone");
}

/** Charge a handover's new damage to the courier: a deduction in the week chosen (this week by default). */
export default function AdminDamageCharge({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const cents = useCents();
  const { handover, charges, defaultWeek } = loaderData;
  return (
    <section>
      <PageHeader
        title={t("pay.damage.title")}
        crumbs={[{ to: `/admin/vehicles/${handover.vehicleId}`, label: t("nav.vehicles") }]}
      />
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      <div className="card">
        <p>
          {t("pay.damage.newDamage", {
            parts: handover.newDamages.map((d) => t(`common:handover.part.${d.part}`)).join(", "),
          })}
        </p>
        {charges.length ? (
          <ul className="admin-list">
            {charges.map((c) => (
              <li key={c.id}>
                {t("pay.damage.charged", { amount: cents(-c.amountCents), week: c.weekStart, reason: c.reason })}
              </li>
            ))}
          </ul>
        ) : null}
        <Form method="post" className="admin-form">
          <label className="field">
            {t("pay.adjust.amount")}
            <input name="amount" required inputMode="decimal" pattern="\d{1,7}([.,]\d{1,2})?" />
          </label>
          <label className="field">
            {t("pay.import.week")}
            <input name="week" type="date" required defaultValue={defaultWeek} />
          </label>
          <label className="field">
            {t("pay.adjust.reason")}
            <input name="reason" required maxLength={300} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t("pay.damage.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
