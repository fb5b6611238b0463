import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/content-faq";
import { FormKey } from "~/components/form-key";
import { LanguageFields } from "~/components/admin/language-fields";
import { FormError, PageHeader } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { Intent } from "~/components/intent";
import { faqSchema } from "~/domain/content-schemas";
import { readFormData } from "~/infra/http.server";
import { getFaqEntry, saveFaqEntry } from "~/models/content.server";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, notFound, redirectWithToast } from "./admin-action.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  const entry = id === null ? null : await getFaqEntry(id);
  if (id !== null && !entry) throw notFound();
  return { entry, formKey: newFormKey() };
}

/** Adds or edits one FAQ entry, its question and answer in the three languages in one form. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  const fields = await readFormData(context, request);
  const submission = parseWithZod(fields, { schema: faqSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const { questionSk, questionUa, questionEn, answerSk, answerUa, answerEn } = submission.value;
  const input = {
    question: { sk: questionSk, ua: questionUa, en: questionEn },
    answer: { sk: answerSk, ua: answerUa, en: answerEn },
  };
  // A new entry is added once per rendered form; an edit is naturally repeatable.
  return await once(admin.id, id === null ? formKeyOf(fields) : null, "/admin/content#faq", async () => {
    const savedId = await saveFaqEntry(admin.id, id, input);
    if (savedId === null) throw notFound();
    return redirectWithToast(context, "/admin/content#faq", "admin:saved");
  });
}

export default function AdminContentFaq({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { entry } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.faqSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: entry
      ? {
          questionSk: entry.questionSk,
          questionUa: entry.questionUa ?? "",
          questionEn: entry.questionEn ?? "",
          answerSk: entry.answerSk,
          answerUa: entry.answerUa ?? "",
          answerEn: entry.answerEn ?? "",
        }
      : {},
  });
  return (
    <section className="admin-detail">
      <PageHeader
        title={entry ? entry.questionSk : t("siteContent.faq.new")}
        crumbs={[{ to: "/admin/content", label: t("nav.content") }]}
      />
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      <Form method="post" {...getFormProps(form)} className="card form-stack admin-form">
        <Intent value="save" />
        {entry ? null : <FormKey value={loaderData.formKey} />}
        <LanguageFields
          legend={t("siteContent.faq.question")}
          hint={t("content.hint")}
          fields={{ sk: fields.questionSk, ua: fields.questionUa, en: fields.questionEn }}
          maxLength={300}
        />
        <LanguageFields
          legend={t("siteContent.faq.answer")}
          hint={t("siteContent.faq.answerHint", { rateToken: "{{hourlyRate}}", rentToken: "{{rentPerDay}}" })}
          fields={{ sk: fields.answerSk, ua: fields.answerUa, en: fields.answerEn }}
          multiline
          maxLength={3000}
        />
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {t("common:save")}
        </button>
      </Form>
    </section>
  );
}
