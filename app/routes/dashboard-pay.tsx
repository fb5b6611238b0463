import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, type RouterContextProvider } from "react-router";
import type { Route } from "./+types/dashboard-pay";
import { AppLink } from "~/components/app-link";
import { ErrorScreen } from "~/components/error-screen";
import { loadBankDetailsForm, PayView, type PayActionData } from "~/components/pay/pay-view";
import { guardNetwork, isNetworkFailure } from "~/client/network";
import { bankDetailsFormSchema, maskIban } from "~/domain/bank-details";
import { payQuestionReplySchema, payQuestionSchema, questionErrorKey } from "~/domain/pay-question";
import { getInstance, getLocale } from "~/infra/i18n.server";
import { getBankAccount } from "~/models/bank-accounts.server";
import { listOwnStatements, nextPayout, weekSoFar } from "~/models/courier-pay.server";
import { addCourierQuestionMessage, askAboutLine, listOwnQuestions } from "~/models/pay-questions.server";
import { getPaySettings } from "~/models/settings.server";
import { formActionHeaders } from "~/services/auth-http.server";
import { changeBankDetails } from "~/services/bank-details.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "./toast.server";
import { refusalOf } from "./model-errors.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/**
 * The courier's Pay page. Its own page (linked from the dashboard) rather than a dashboard section: the
 * dashboard, opened many times a day on a cheap phone, does not run the pay queries or carry every
 * statement's lines; this page loads them only when the courier asks.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const settings = await getPaySettings();
  const bank = await getBankAccount(user.id);
  const statements = await listOwnStatements(user.id);
  return {
    language: getLocale(context),
    week: await weekSoFar(user.id, settings),
    // "This week so far" says how the pay is counted: by the hour, not the platforms' gross.
    rule: {
      payModel: settings.payModel,
      hourlyRateCents: settings.hourlyRateCents,
      sharePercent: settings.sharePercent,
    },
    next: await nextPayout(user.id, settings),
    statements: statements.map(({ iban: _iban, holder: _holder, approvedAt, paidAt, ...s }) => ({
      ...s,
      approvedAt: approvedAt?.toISOString() ?? null,
      paidAt: paidAt?.toISOString() ?? null,
    })),
    questions: (await listOwnQuestions(user.id)).map((q) => ({
      ...q,
      createdAt: q.createdAt.toISOString(),
      resolvedAt: q.resolvedAt?.toISOString() ?? null,
      thread: q.thread.map((m) => ({ ...m, at: m.at.toISOString() })),
    })),
    // The IBAN is shown masked: the page may stay open on a shared phone.
    bank: bank
      ? {
          iban: maskIban(bank.iban),
          holder: bank.holder,
          holderMismatch: bank.holderMismatch,
          changedAt: bank.changedAt.toISOString(),
        }
      : null,
  };
}

type Context = Readonly<RouterContextProvider>;
const tr = (context: Context, key: string, values?: Record<string, unknown>) => getInstance(context).t(key, values);

/** Form posts name their purpose in the `intent` field; each answers with a redirect or the form's errors. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => new FormData());
  const intent = form.get("intent");
  if (intent === "bank") {
    const submission = parseWithZod(form, { schema: bankDetailsFormSchema });
    if (submission.status !== "success")
      return data<PayActionData>(
        { intent: "bank", lastResult: submission.reply({ hideFields: ["password"] }) },
        { status: 400 },
      );
    const { password, ...details } = submission.value;
    const result = await changeBankDetails(user, details, password, request);
    if (!result.ok) {
      const message = tr(context, result.error, result.values);
      const reply = result.field
        ? submission.reply({ fieldErrors: { password: [result.error.replace(/^pay:/, "")] }, hideFields: ["password"] })
        : submission.reply({ formErrors: [message], hideFields: ["password"] });
      return data<PayActionData>(
        { intent: "bank", lastResult: reply },
        {
          status: result.status,
          headers: result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined,
        },
      );
    }
    const key = !result.changed
      ? "pay:bank.unchanged"
      : result.holderMismatch
        ? "pay:bank.savedMismatch"
        : "pay:bank.saved";
    return redirectWithToast(context, "/dashboard/pay#bank", key);
  }
  if (intent === "question" || intent === "questionReply") {
    const asking = intent === "question";
    const parsed = asking
      ? payQuestionSchema.safeParse(Object.fromEntries(form))
      : payQuestionReplySchema.safeParse(Object.fromEntries(form));
    const typed = {
      intent,
      body: String(form.get("body") ?? ""),
      target: String(form.get(asking ? "statementId" : "questionId") ?? ""),
    } as const;
    if (!parsed.success)
      return data<PayActionData>(
        { ...typed, error: tr(context, questionErrorKey(parsed.error.issues[0]?.message)) },
        { status: 400 },
      );
    try {
      if ("statementId" in parsed.data)
        await askAboutLine(user.id, parsed.data.statementId, parsed.data.lineIndex, parsed.data.body);
      else await addCourierQuestionMessage(user.id, parsed.data.questionId, parsed.data.body);
    } catch (error) {
      const refusal = refusalOf(context, error, "courier");
      return data<PayActionData>(
        { ...typed, error: refusal.message },
        { status: refusal.status, headers: refusal.headers },
      );
    }
    return redirectWithToast(
      context,
      "/dashboard/pay#questions",
      asking ? "pay:questions.sent" : "pay:questions.replySent",
    );
  }
  return data<PayActionData>({ intent: "unknown", error: tr(context, "errors:invalidInput") }, { status: 400 });
}

/** With JS, a post that never reaches the server keeps the forms as they are and shows the network toast. */
// A client-side visit waits for the bank form's chunk with the data, so the section does not pop in after.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadBankDetailsForm()]);
  return data;
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

/** The bank form's 429 (wrong passwords past the log-in limit) carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export default function DashboardPay({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pay");
  return (
    <section className="container dash">
      <title>{`${t("page.title")} · Courier Fleet`}</title>
      <p>
        <AppLink to="/dashboard" className="btn btn-ghost">
          {t("page.back")}
        </AppLink>
      </p>
      <h1 className="dash-title">{t("page.title")}</h1>
      <PayView data={loaderData} actionData={isNetworkFailure(actionData) ? undefined : actionData} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorScreen status={status} />;
}
