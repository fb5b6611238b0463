import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Route } from "./+types/payout-questions";
import { AppLink } from "~/components/app-link";
import { Badge, FormError, PageHeader, STATUS_TONE, useFormatDate } from "~/components/admin/ui";
import { ReportThread } from "~/components/report-thread";
import { formatCents, formatWeekLabel, lineLabelValues } from "~/domain/pay-format";
import { payQuestionReplySchema, questionErrorKey } from "~/domain/pay-question";
import { isLanguage } from "~/domain/rules";
import { readFormData } from "~/infra/http.server";
import { listPayQuestions, replyToPayQuestion, resolvePayQuestion } from "~/models/pay-questions.server";
import { requireAdmin } from "~/services/session.server";
import { notFound, redirectWithToast, refuse, samePage } from "./admin-action.server";
import { adminRefusal } from "../model-errors.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { questions: await listPayQuestions() };
}

/** Reply (the courier is e-mailed) or resolve; both audited by the model. */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const intent = form.get("intent");
  try {
    if (intent === "resolve") {
      const id = Number(form.get("questionId"));
      if (!Number.isSafeInteger(id) || id <= 0) return notFound();
      await resolvePayQuestion(admin.id, id);
      return redirectWithToast(context, samePage(request), "admin:pay.questions.resolved");
    }
    if (intent === "reply") {
      const parsed = payQuestionReplySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return refuse(context, questionErrorKey(parsed.error.issues[0]?.message));
      await replyToPayQuestion(admin.id, parsed.data.questionId, parsed.data.body);
      return redirectWithToast(context, samePage(request), "admin:pay.questions.replied");
    }
  } catch (error) {
    return adminRefusal(context, error);
  }
  return notFound();
}

export default function AdminPayoutQuestions({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const formatDate = useFormatDate();
  const language = isLanguage(i18n.language) ? i18n.language : "sk";
  return (
    <section>
      <PageHeader title={t("pay.questions.title")}>
        <AppLink to="/admin/payouts" className="btn btn-outline">
          {t("nav.payouts")}
        </AppLink>
      </PageHeader>
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      {loaderData.questions.length === 0 ? <p className="card field-hint">{t("pay.questions.empty")}</p> : null}
      <ul className="admin-list flex flex-col gap-4">
        {loaderData.questions.map((q) => (
          <li key={q.id} className="card flex flex-col gap-3" data-testid={`admin-question-${q.id}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <AppLink to={`/admin/users/${q.userId}`}>{q.fullName ?? q.email}</AppLink> · {t("pay.week")}{" "}
                {formatWeekLabel(q.week, language)}
              </span>
              <Badge tone={STATUS_TONE[q.status]}>{t(`pay.questions.status.${q.status}`)}</Badge>
            </div>
            {q.line ? (
              <p className="field-hint">
                {t("pay.questions.line")}: {t(`pay:${q.line.key}`, lineLabelValues(q.line, language))} (
                {formatCents(q.line.amountCents, language)})
              </p>
            ) : null}
            <ReportThread
              messages={q.thread}
              formatDate={(at) => formatDate(at, true)}
              authorOf={(m) =>
                m.from === "courier" ? (q.fullName ?? q.email) : (m.authorEmail ?? t("pay.questions.team"))
              }
            />
            <Form method="post" className="flex flex-col gap-2">
              <input type="hidden" name="questionId" value={q.id} />
              <label className="field">
                <span>{t("pay.questions.reply")}</span>
                <textarea name="body" rows={2} maxLength={2000} />
              </label>
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="reply" className="btn btn-primary">
                  {t("pay.questions.send")}
                </button>
                {q.status === "open" ? (
                  <button type="submit" name="intent" value="resolve" className="btn btn-outline" formNoValidate>
                    {t("pay.questions.resolve")}
                  </button>
                ) : null}
              </div>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
