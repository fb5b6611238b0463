import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import type { Language } from "~/domain/rules";
import { api, ApiError } from "~/client/api.client";
import { showNetworkToast } from "~/client/network";

export type FaqItem = { id: number; question: string; answer: string };
export type AskResult = { question: string; answer?: string; error?: string };

export function FaqSection({ faq, language }: { faq: FaqItem[]; language: Language }) {
  const { t } = useTranslation("home");
  return (
    <section id="faq" className="home-section home-faq" aria-labelledby="faq-title">
      <div className="container home-faq-grid">
        <div>
          <h2 id="faq-title">{t("faq.title")}</h2>
          {faq.length === 0 ? (
            <p className="home-empty">{t("faq.empty")}</p>
          ) : (
            <div className="home-faq-list">
              {faq.map((entry) => (
                <details key={entry.id}>
                  <summary>{entry.question}</summary>
                  <p>{entry.answer}</p>
                </details>
              ))}
            </div>
          )}
        </div>
        <Assistant language={language} />
      </div>
    </section>
  );
}

/**
 * Without JavaScript the question is posted to the home page's action, which renders the answer in
 * the page; with JavaScript it goes to `POST /api/faq/ask` and the answer appears in place.
 */
function Assistant({ language }: { language: Language }) {
  const { t } = useTranslation("home");
  const posted = useActionData<AskResult>();
  const navigation = useNavigation();
  const [live, setLive] = useState<AskResult | null>(null);
  const [pending, setPending] = useState(false);
  const result = live ?? posted ?? null;
  const busy = pending || navigation.state === "submitting";

  async function ask(question: string) {
    setPending(true);
    try {
      const { answer } = await api<{ answer?: string }>("/faq/ask", { body: { question, language }, silent: true });
      setLive(answer?.trim() ? { question, answer } : { question, error: t("assistant.empty") });
    } catch (error) {
      // Offline: the question stays in the box and the network toast says why; the answer area is left as it was.
      if (error instanceof ApiError && error.status === 0) return showNetworkToast();
      // A refusal with its own message (invalid question, rate limit) says more than the generic one.
      const own = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404;
      setLive({ question, error: own ? error.message : t("assistant.error") });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="home-assistant card">
      <h3>{t("assistant.title")}</h3>
      <p className="home-small">{t("assistant.lead")}</p>
      <Form
        method="post"
        action="/?index#assistant"
        preventScrollReset
        className="form-stack"
        id="assistant"
        onSubmit={(event) => {
          event.preventDefault();
          const question = String(new FormData(event.currentTarget).get("question") ?? "").trim();
          if (question) void ask(question);
        }}
      >
        <input type="hidden" name="language" value={language} />
        <label className="field">
          {t("assistant.label")}
          <textarea
            name="question"
            required
            minLength={2}
            maxLength={500}
            rows={2}
            placeholder={t("assistant.placeholder")}
            defaultValue={posted?.question ?? ""}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("assistant.thinking") : t("assistant.submit")}
        </button>
      </Form>
      <div aria-live="polite" className="home-assistant-out">
        {result?.answer ? (
          <div className="home-answer">
            <p className="home-answer-label">{t("assistant.answerLabel")}</p>
            <p data-testid="assistant-answer">{result.answer}</p>
          </div>
        ) : null}
        {result?.error ? (
          <p className="alert alert-error" role="alert">
            {result.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
