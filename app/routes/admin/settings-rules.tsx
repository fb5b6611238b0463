import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { FormError, PageHeader } from "~/components/admin/ui";
import { OperatorRulesForm, PayRulesForm, RulesConfirm, RulesHistory, RulesInForce } from "~/components/admin/rules";
import { operatorRulesSchema, payRulesSchema, payRuleValuesOf } from "~/domain/operator-rules";
import { readFormData } from "~/infra/http.server";
import { getInstance } from "~/infra/i18n.server";
import { previewPayChange, rulesPage, saveOperatorRules, savePayRules } from "~/models/operator-rules.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "./admin-action.server";
import type { Route } from "./+types/settings-rules";
import { refusalOf } from "../model-errors.server";

const PAGE = "/admin/settings/rules";
/** The money form's fields, carried through the confirmation's URL. */
const PAY_FIELDS = [
  "revision",
  "effectiveFrom",
  "hourlyRate",
  "payModel",
  "sharePercent",
  "rentPerDay",
  "paydayWeekday",
];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** After a conflict the page shows what the other admin saved (a 409 alone would not reload it). */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult?.conflict === true ? true : defaultShouldRevalidate;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { t } = getInstance(context);
  const page = await rulesPage();
  const search = new URL(request.url).searchParams;
  // The confirmation step has a URL (works without JavaScript): the typed values ride in its search params.
  let confirm = null;
  if (search.get("confirm") === "pay") {
    const submission = parseWithZod(new URLSearchParams([...search, ["intent", "pay"]]), { schema: payRulesSchema });
    if (submission.status === "success") {
      const values = payRuleValuesOf(submission.value);
      confirm = {
        fields: Object.fromEntries(PAY_FIELDS.map((name) => [name, search.get(name) ?? ""])),
        effectiveFrom: submission.value.effectiveFrom,
        preview: await previewPayChange(values, submission.value.effectiveFrom),
      };
    }
  }
  return { ...page, confirm, title: `${t("admin:rules.title")} · ${t("admin:nav.title")}` };
}

type Typed = Record<string, string>;

/** A refused save: the message, the fields' messages and everything the admin typed, so nothing is lost. */
function refused(
  form: "pay" | "operator",
  typed: Typed,
  formError: string,
  status: number,
  fieldErrors: Record<string, string> = {},
) {
  return data({ form, typed, formError, fieldErrors, conflict: status === 409 }, { status });
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const formData = await readFormData(context, request);
  const typed = Object.fromEntries([...formData].map(([name, value]) => [name, String(value)])) as Typed;
  const form = typed.intent === "operator" ? "operator" : "pay";
  const submission = parseWithZod(formData, { schema: form === "pay" ? payRulesSchema : operatorRulesSchema });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
        messages?.[0] ? [[name, messages[0]] as const] : [],
      ),
    );
    const first = Object.values(fieldErrors)[0] ?? "admin:validation.required";
    const { t } = getInstance(context);
    const translated = Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, t(message)]));
    return refused(form, typed, t(first), 400, translated);
  }
  const value = submission.value;
  try {
    if (value.intent === "operator") {
      await saveOperatorRules(admin.id, value, value.revision);
      return redirectWithToast(context, PAGE, "admin:rules.saved");
    }
    if (value.confirmed !== "yes") {
      const search = new URLSearchParams({ confirm: "pay" });
      for (const name of PAY_FIELDS) search.set(name, typed[name] ?? "");
      return redirect(`${PAGE}?${search}#confirm`);
    }
    await savePayRules(admin.id, payRuleValuesOf(value), value.effectiveFrom, value.revision);
    return redirectWithToast(context, PAGE, "admin:rules.saved");
  } catch (error) {
    const refusal = refusalOf(context, error, "admin");
    return refused(form, typed, refusal.message, refusal.status);
  }
}

/** The operator's rules: money rules from a Monday (previewed, then saved), the others at once, and the history. */
export default function AdminRules({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const refusal = actionData && "form" in actionData ? actionData : null;
  return (
    <section className="admin-rules">
      <PageHeader title={t("rules.title")} />
      <p className="field-hint">{t("rules.intro")}</p>
      {refusal?.conflict ? (
        <div className="card admin-rules-conflict" role="alert" data-testid="rules-conflict">
          <h2>{t("rules.conflict.title")}</h2>
          <p>{t("rules.conflict.text")}</p>
        </div>
      ) : (
        <FormError message={refusal?.formError ?? null} />
      )}
      <RulesInForce page={loaderData} />
      {loaderData.confirm && !refusal ? (
        <RulesConfirm confirm={loaderData.confirm} inForce={loaderData.inForce} />
      ) : (
        <PayRulesForm page={loaderData} refusal={refusal?.form === "pay" ? refusal : null} />
      )}
      <OperatorRulesForm page={loaderData} refusal={refusal?.form === "operator" ? refusal : null} />
      <RulesHistory history={loaderData.history} />
    </section>
  );
}
