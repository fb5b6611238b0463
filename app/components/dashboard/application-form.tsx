import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFieldFromDom } from "~/client/keep-typed";
import { useTranslation } from "react-i18next";
import { Form, useFetcher, useNavigation } from "react-router";
import { editedBeforeHydration } from "~/client/edited-before-hydration";
import { DRAFT_SAVE_DEBOUNCE_MS, pickDraftFields } from "~/domain/application-draft";
import { applicationSchema, CITIZENSHIPS, CONTACT_METHODS, needsContactUsername } from "~/domain/application-schema";
import { MIN_COURIER_AGE } from "~/domain/rules";
import type { DashboardActionData, DashboardData } from "./types";
import { DocumentInput } from "./document-input";
import { useSubmitAfterUploads } from "./submit-after-uploads";
import { FieldError, FormAlert } from "../form-messages";
import { RequiredMark } from "./field-error";
import {
  DOCUMENT_KINDS,
  documentFieldId,
  needsRightToStay,
  REQUIRED_DOCUMENTS,
  RESIDENCE_DOCUMENTS,
  type DocumentKind,
} from "~/domain/documents";
import { ErrorSummary, isOwnSubmit, type SummaryError } from "~/components/error-summary";
import { PhotoLimitsHint } from "./photo-limits-hint";

const asString = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's fields in the order they appear, so the error summary lists them top to bottom. */
const FIELD_ORDER = [
  "fullName",
  "age",
  "phone",
  "contactMethod",
  "contactUsername",
  "citizenship",
  ...DOCUMENT_KINDS,
  "documentValidUntil",
  "comment",
] as const;
const isDocument = (name: string): name is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(name);

/** Each field error as "Field: message", linked to the field's input (documents by their stable id). */
function summaryErrors(
  all: Record<string, string[]>,
  idOf: (name: (typeof FIELD_ORDER)[number]) => string,
  t: (key: string) => string,
): SummaryError[] {
  return FIELD_ORDER.filter((name) => all[name]?.length).map((name) => ({
    id: idOf(name),
    message: `${t(isDocument(name) ? `apply.documents.${name}` : `apply.${name}`)}: ${t(all[name]![0]!)}`,
  }));
}

/**
 * With JS the text fields are saved as the server-side draft once the courier has stopped typing
 * for DRAFT_SAVE_DEBOUNCE_MS, quietly (no toast, no reload of the page's data).
 *
 * `stop` is for the moment the application is sent (it carries every field itself). A draft save that
 * answered while the page reloaded after the post made the router finish that reload with the page's
 * data from before the post, since the save reloads nothing: the application was in, and the courier saw
 * the form as if it had not been sent. So the pending save is dropped and none starts until the post is
 * over; a refused post (a field the server rejects, a dropped connection) lets typing save drafts again.
 */
function useDraftSaving() {
  const fetcher = useFetcher({ key: "application-draft" });
  const navigation = useNavigation();
  const timer = useRef<number | undefined>(undefined);
  const sending = useRef(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (navigation.state === "idle") sending.current = false;
  }, [navigation.state]);
  const save = useCallback(
    (form: HTMLFormElement) => {
      window.clearTimeout(timer.current);
      if (sending.current) return;
      timer.current = window.setTimeout(() => {
        const fields = pickDraftFields(new FormData(form));
        void fetcher.submit(fields, { method: "post", action: "/dashboard/draft", defaultShouldRevalidate: false });
      }, DRAFT_SAVE_DEBOUNCE_MS);
    },
    [fetcher],
  );
  const { reset } = fetcher;
  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    sending.current = true;
    // Aborts a save still on its way (nothing when none is), so its answer cannot end the post's reload.
    reset();
  }, [reset]);
  return { save, stop };
}

/**
 * When the page is hidden (the phone locked, another app opened) the text is sent at once, with a
 * beacon that outlives the page; if the session has ended the server keeps it for after the log-in.
 */
function useSaveWhenHidden(formId: string) {
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState !== "hidden") return;
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      const fields = pickDraftFields(new FormData(form));
      navigator.sendBeacon("/dashboard/draft", new URLSearchParams(fields as Record<string, string>));
    };
    document.addEventListener("visibilitychange", onHide);
    return () => document.removeEventListener("visibilitychange", onHide);
  }, [formId]);
}

/**
 * The job application: Conform + the shared Zod schema, a plain multipart post without JS.
 * Which fields are required follows the same domain rules the server applies (citizenship decides
 * whether a right to stay is needed; the contact method whether a username is); with JS the markers
 * follow the choice live, without JS the server names what is missing.
 */
export function ApplicationForm({
  drafts,
  draft,
  replaceDocuments = [],
  actionData,
}: {
  drafts: DashboardData["drafts"];
  draft: DashboardData["draft"];
  replaceDocuments?: string[];
  actionData: DashboardActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const { save: saveDraft, stop: stopDraftSaving } = useDraftSaving();
  const { onBusyChange, waiting, holdWhileUploading } = useSubmitAfterUploads();
  const mine = actionData?.intent === "apply" ? actionData : undefined;
  const [form, fields] = useForm({
    id: "application",
    lastResult: mine?.lastResult,
    defaultValue: draft ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applicationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Called for a submit that passed the checks and goes to the server.
    onSubmit: stopDraftSaving,
  });
  // Choices made before hydration are in the DOM, not in state: the form takes them over as it hydrates.
  const [citizenship, setCitizenship] = useFieldFromDom(
    form.id,
    "citizenship",
    asString(fields.citizenship.initialValue),
  );
  const [contactMethod, setContactMethod] = useFieldFromDom(
    form.id,
    "contactMethod",
    asString(fields.contactMethod.initialValue),
  );
  const usernameRequired = needsContactUsername(contactMethod);
  const [hydrated, setHydrated] = useState(false);
  // What was typed before hydration is saved as the draft like anything typed after.
  const saveEarlyTyping = useEffectEvent((element: HTMLFormElement) => {
    if (editedBeforeHydration(element)) saveDraft(element);
  });
  useEffect(() => {
    setHydrated(true);
    const element = document.getElementById(form.id);
    if (element instanceof HTMLFormElement) saveEarlyTyping(element);
  }, [form.id]);
  // Before a choice (and without JS) the right-to-stay group is shown with its hint; Slovak and EU citizens skip it.
  const rightToStay = citizenship === "" || needsRightToStay(citizenship as (typeof CITIZENSHIPS)[number]);
  const draftOf = (kind: string) => drafts.find((d) => d.kind === kind);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/apply");
  useSaveWhenHidden(form.id);
  const mustReplace = (name: string) => replaceDocuments.includes(name);
  // The summary follows a submit (the server's answer, or the browser's check of one), not a blur while tabbing.
  const [attempts, setAttempts] = useState(0);
  const submitted = attempts > 0 || mine?.lastResult !== undefined;
  const idOf = (name: (typeof FIELD_ORDER)[number]) => (isDocument(name) ? documentFieldId(name) : fields[name].id);
  const errors = submitted ? summaryErrors(form.allErrors, idOf, t) : [];
  return (
    <Form
      method="post"
      action="/dashboard/apply"
      encType="multipart/form-data"
      className="form-stack card"
      // Loaded lazily, so it hydrates after the page: tests wait for its own mark (waitForHydration).
      data-lazy=""
      data-hydrated={hydrated ? "" : undefined}
      {...getFormProps(form)}
      onSubmitCapture={(event) => !holdWhileUploading(event) && isOwnSubmit(event) && setAttempts((n) => n + 1)}
      onInput={(event) => {
        if (!(event.target instanceof HTMLInputElement && event.target.type === "file")) saveDraft(event.currentTarget);
      }}
    >
      <ErrorSummary key={`${attempts}:${JSON.stringify(mine?.lastResult?.error ?? null)}`} errors={errors} />
      <h2 className="dash-h2">{t("apply.title")}</h2>
      <p className="field-hint">{t("apply.intro")}</p>
      <FormAlert message={mine?.error} />
      {replaceDocuments.length > 0 ? (
        <p className="alert alert-info" data-testid="resubmit-hint">
          {t("resubmit.prefilled")}
        </p>
      ) : drafts.length > 0 ? (
        <p className="alert alert-info">{t("apply.draftsKept")}</p>
      ) : null}
      <label className="field">
        <span>
          {t("apply.fullName")}
          <RequiredMark />
        </span>
        <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" required maxLength={120} />
        <span className="field-hint">{t("apply.fullNameHint")}</span>
        <FieldError ns="dashboard" id={fields.fullName.errorId} errors={fields.fullName.errors} />
      </label>
      <div className="dash-grid-2">
        <label className="field">
          <span>
            {t("apply.age")}
            <RequiredMark />
          </span>
          <input
            {...getInputProps(fields.age, { type: "number" })}
            inputMode="numeric"
            min={MIN_COURIER_AGE}
            max={99}
            required
          />
          <FieldError ns="dashboard" id={fields.age.errorId} errors={fields.age.errors} />
        </label>
        <label className="field">
          <span>
            {t("apply.phone")}
            <RequiredMark />
          </span>
          <input
            {...getInputProps(fields.phone, { type: "tel" })}
            autoComplete="tel"
            placeholder="+421 9xx xxx xxx"
            required
          />
          <FieldError ns="dashboard" id={fields.phone.errorId} errors={fields.phone.errors} />
        </label>
      </div>
      <div className="dash-grid-2">
        <label className="field">
          <span>
            {t("apply.contactMethod")}
            <RequiredMark />
          </span>
          <select
            {...getSelectProps(fields.contactMethod)}
            required
            onChange={(event) => setContactMethod(event.currentTarget.value)}
          >
            <option value="">{t("apply.choose")}</option>
            {CONTACT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`contactMethods.${method}`)}
              </option>
            ))}
          </select>
          <FieldError ns="dashboard" id={fields.contactMethod.errorId} errors={fields.contactMethod.errors} />
        </label>
        <label className="field">
          <span>
            {t("apply.contactUsername")}
            {usernameRequired ? <RequiredMark /> : null}
          </span>
          <input
            {...getInputProps(fields.contactUsername, { type: "text" })}
            maxLength={64}
            required={usernameRequired}
          />
          {contactMethod === "" ? <span className="field-hint">{t("apply.contactUsernameHint")}</span> : null}
          <FieldError ns="dashboard" id={fields.contactUsername.errorId} errors={fields.contactUsername.errors} />
        </label>
      </div>
      <fieldset
        className="doc-group"
        aria-describedby={fields.citizenship.errors ? fields.citizenship.errorId : undefined}
        data-testid="citizenship"
      >
        <legend>
          {t("apply.citizenship")}
          <RequiredMark />
        </legend>
        <div className="choice-list">
          {CITIZENSHIPS.map((value, index) => (
            <label key={value} className="choice">
              <input
                id={index === 0 ? fields.citizenship.id : undefined}
                type="radio"
                name={fields.citizenship.name}
                value={value}
                required
                defaultChecked={fields.citizenship.initialValue === value}
                onChange={(event) => setCitizenship(event.currentTarget.value)}
              />
              <span>{t(`apply.citizenships.${value}`)}</span>
            </label>
          ))}
        </div>
        <FieldError ns="dashboard" id={fields.citizenship.errorId} errors={fields.citizenship.errors} />
      </fieldset>
      <fieldset className="doc-group">
        <legend>{t("apply.documentsTitle")}</legend>
        {REQUIRED_DOCUMENTS.map((name) => (
          <DocumentInput
            key={name}
            name={name}
            draft={draftOf(name)}
            errors={fields[name].errors}
            required
            mustReplace={mustReplace(name)}
            onBusyChange={onBusyChange}
          />
        ))}
      </fieldset>
      {rightToStay ? (
        <fieldset className="doc-group" data-testid="right-to-stay">
          <legend>
            {t("apply.residenceTitle")}
            {citizenship === "other" ? <RequiredMark /> : null}
          </legend>
          <p className="field-hint">{citizenship === "other" ? t("apply.residenceHint") : t("apply.residenceWhen")}</p>
          {RESIDENCE_DOCUMENTS.map((name) => (
            <DocumentInput
              key={name}
              name={name}
              draft={draftOf(name)}
              errors={fields[name].errors}
              required={false}
              mustReplace={mustReplace(name)}
              onBusyChange={onBusyChange}
            />
          ))}
          <p className="doc-or">{t("apply.or")}</p>
          <DocumentInput
            name="refugee_document"
            draft={draftOf("refugee_document")}
            errors={fields.refugee_document.errors}
            required={false}
            mustReplace={mustReplace("refugee_document")}
            onBusyChange={onBusyChange}
          />
          <label className="field">
            <span>
              {t("apply.documentValidUntil")}
              {citizenship === "other" ? <RequiredMark /> : null}
            </span>
            <input {...getInputProps(fields.documentValidUntil, { type: "date" })} required={citizenship === "other"} />
            <span className="field-hint">{t("apply.documentValidUntilHint")}</span>
            <FieldError
              ns="dashboard"
              id={fields.documentValidUntil.errorId}
              errors={fields.documentValidUntil.errors}
            />
          </label>
        </fieldset>
      ) : null}
      <label className="field">
        <span>{t("apply.comment")}</span>
        <textarea {...getTextareaProps(fields.comment)} maxLength={1000} rows={3} />
        <FieldError ns="dashboard" id={fields.comment.errorId} errors={fields.comment.errors} />
      </label>
      <PhotoLimitsHint />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("apply.sending") : waiting ? t("photoUpload.waiting") : t("apply.submit")}
      </button>
    </Form>
  );
}
