import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ACCOUNT_HOLDER_MAX, bankDetailsFormSchema, holderForBank } from "~/domain/bank-details";
import { useDates } from "~/components/dashboard/format";
import { ErrorSummary, isOwnSubmit } from "~/components/error-summary";
import { useHydrated } from "~/components/use-hydrated";
import { Intent } from "../intent";

export type BankView = { iban: string; holder: string; holderMismatch: boolean; changedAt: string };

/** The holder's name as the payout file writes it, or null when it cannot be written. */
function bankName(holder: string) {
  const checked = holderForBank(holder);
  return checked.ok ? checked.name : null;
}

/** A field's first error; the schema's messages are keys of the `pay` namespace. */
function PayFieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation("pay");
  if (!errors?.length) return null;
  return (
    <span id={id} className="field-error">
      {t(errors[0]!)}
    </span>
  );
}

type BankFormProps = { bank: BankView | null; actionData: { lastResult: SubmissionResult<string[]> } | undefined };

/**
 * IBAN, account holder and the current password. A plain post: without JS a refusal comes back with what
 * was typed (the password excepted) and the messages under the fields. With JS a save answers with a
 * redirect to this page, which keeps the mounted inputs: the form starts anew after every save, so the
 * password, the IBAN and the name do not stay on a shared phone's screen.
 */
export function BankDetailsForm(props: BankFormProps) {
  const navigation = useNavigation();
  const [saves, setSaves] = useState(0);
  const posting = useRef(false);
  const bankPost = navigation.state === "submitting" && navigation.formData?.get("intent") === "bank";
  useEffect(() => {
    if (bankPost) posting.current = true;
    else if (posting.current && navigation.state === "idle") {
      posting.current = false;
      // A refusal comes back as action data; a save as a redirect without any.
      if (!props.actionData) setSaves((n) => n + 1);
    }
  }, [bankPost, navigation.state, props.actionData]);
  return <BankDetailsSection key={saves} {...props} />;
}

function BankDetailsSection({ bank, actionData }: BankFormProps) {
  const { t } = useTranslation("pay");
  const { dateTime } = useDates();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    // Not "bank": that is the section's anchor, and the inputs find their form by this id.
    id: "bank-details",
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankDetailsFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The summary follows a submit (the server's answer or the browser's check), not a blur while tabbing.
  const [attempts, setAttempts] = useState(0);
  const submitted = attempts > 0 || actionData?.lastResult !== undefined;
  const labels = {
    iban: bank ? t("bank.newIban") : t("bank.iban"),
    accountHolder: t("bank.accountHolder"),
    password: t("bank.password"),
  };
  const summary = submitted
    ? (["iban", "accountHolder", "password"] as const)
        .filter((name) => fields[name].errors?.length)
        .map((name) => ({ id: fields[name].id, message: `${labels[name]}: ${t(fields[name].errors![0]!)}` }))
    : [];
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "bank";
  // The server never sends the password back; with JS the input would keep it, so every answer empties it.
  const password = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData && password.current) password.current.value = "";
  }, [actionData]);
  const hydrated = useHydrated();
  // How the bank will see the name being typed (without JS: the one sent back with a refusal).
  const typed = typeof fields.accountHolder.value === "string" ? fields.accountHolder.value.trim() : "";
  const preview = typed ? bankName(typed) : null;
  return (
    <section className="card dash-section" id="bank" aria-labelledby="bank-title" data-testid="pay-bank">
      <h2 className="dash-h2" id="bank-title">
        {t("bank.title")}
      </h2>
      {bank ? (
        <dl className="dash-dl" data-testid="pay-bank-current">
          <dt>{t("bank.iban")}</dt>
          <dd className="pay-iban">{bank.iban}</dd>
          <dt>{t("bank.accountHolder")}</dt>
          <dd>{bank.holder}</dd>
          <dt>{t("bank.bankSees")}</dt>
          <dd data-testid="pay-bank-sees">{bankName(bank.holder) ?? bank.holder}</dd>
          <dt>{t("bank.changedAt")}</dt>
          <dd>{dateTime(bank.changedAt)}</dd>
        </dl>
      ) : (
        <p>{t("bank.none")}</p>
      )}
      {bank?.holderMismatch ? <p className="alert alert-info">{t("bank.mismatchNote")}</p> : null}
      <Form
        method="post"
        action="/dashboard/pay"
        className="form-stack"
        // Loaded lazily, so it hydrates after the page: tests wait for its own mark (waitForHydration).
        data-lazy=""
        data-hydrated={hydrated ? "" : undefined}
        {...getFormProps(form)}
        onSubmitCapture={(event) => isOwnSubmit(event) && setAttempts((n) => n + 1)}
      >
        <ErrorSummary key={`${attempts}:${JSON.stringify(actionData?.lastResult?.error ?? null)}`} errors={summary} />
        <Intent value="bank" />
        {form.errors?.length ? (
          <p className="alert alert-error" role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <label className="field">
          <span>{labels.iban} *</span>
          <input
            {...getInputProps(fields.iban, { type: "text" })}
            autoComplete="off"
            inputMode="text"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="SK31 1200 0000 1987 4263 7541"
            required
          />
          <PayFieldError id={fields.iban.errorId} errors={fields.iban.errors} />
        </label>
        <label className="field">
          <span>{t("bank.accountHolder")} *</span>
          <input
            {...getInputProps(fields.accountHolder, { type: "text" })}
            autoComplete="name"
            maxLength={ACCOUNT_HOLDER_MAX}
            required
          />
          <span className="field-hint">{t("bank.holderHint")}</span>
          {preview && preview !== typed ? (
            <span className="field-hint" data-testid="pay-bank-preview">
              {t("bank.bankSeesPreview", { name: preview })}
            </span>
          ) : null}
          <PayFieldError id={fields.accountHolder.errorId} errors={fields.accountHolder.errors} />
        </label>
        <label className="field">
          <span>{t("bank.password")} *</span>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            ref={password}
            autoComplete="current-password"
            required
          />
          <span className="field-hint">{t("bank.passwordHint")}</span>
          <PayFieldError id={fields.password.errorId} errors={fields.password.errors} />
        </label>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("bank.saving") : t("bank.save")}
        </button>
      </Form>
    </section>
  );
}
