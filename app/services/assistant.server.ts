import { earningsQuestion, findAnswer, type FaqDoc } from "~/domain/faq-search";
import { WEEKLY_HOURS, weeklyHoursIncome } from "~/domain/income";
import { formatCents } from "~/domain/pay-format";
import type { Language } from "~/domain/rules";
import { getCompanyProfile } from "~/models/company-profile.server";
import { faqValues, listFaq } from "~/models/content.server";
import { getPaySettings } from "~/models/settings.server";
import { config } from "~/infra/config.server";
import { translatorFor } from "~/infra/i18n.server";
import { log } from "~/infra/log.server";
import { hit } from "~/models/limits.server";

export const AI_TIMEOUT_MS = 8_000;
const UNKNOWN = "UNKNOWN";
const LANGUAGE_NAMES: Record<Language, string> = { sk: "Slovak", ua: "Ukrainian", en: "English" };

export type AssistantAnswer = { answer: string; source: "ai" | "faq" | "income" | "unknown" };

/**
 * Earnings are computed by the pay rule with the rate and the scooter's rent in force, in the asker's
 * language: without a scooter of ours and with one rented, to the cent.
 */
async function earningsAnswer(hoursPerWeek: number | null, language: Language): Promise<AssistantAnswer> {
  const t = translatorFor(language);
  const { hourlyRateCents, rentPerDayCents } = await getPaySettings();
  const income = weeklyHoursIncome(hoursPerWeek ?? WEEKLY_HOURS.default, { hourlyRateCents, rentPerDayCents });
  const money = (cents: number) => formatCents(cents, language);
  const values = {
    rate: money(income.hourlyRateCents),
    hours: income.hours,
    week: money(income.weekCents),
    month: money(income.monthCents),
    rent: money(income.rentPerDayCents),
    rentWeek: money(income.rentPerDayCents * 7),
    scooterWeek: money(income.withScooterWeekCents),
    scooterMonth: money(income.withScooterMonthCents),
  };
  const answer = [t("home:assistant.earnings", values), hoursPerWeek === null ? t("home:assistant.earningsHint") : ""]
    .filter(Boolean)
    .join(" ");
  return { answer, source: "income" };
}

/** The honest "I don't know" with the company's contacts from its profile (those set), in the asker's language. */
async function unknownAnswer(language: Language): Promise<AssistantAnswer> {
  const t = translatorFor(language);
  const { email, phone } = await getCompanyProfile();
  const contact = [email, phone].filter(Boolean).join(t("home:assistant.or"));
  return {
    answer: contact ? t("home:assistant.unknown", { contact }) : t("home:assistant.unknownNoContact"),
    source: "unknown",
  };
}

async function builtInAnswer(question: string, faq: FaqDoc[], language: Language): Promise<AssistantAnswer> {
  const match = findAnswer(question, faq, language);
  return match ? { answer: match.entry.answer, source: "faq" } : await unknownAnswer(language);
}

/** Asks the OpenAI-compatible endpoint, with the FAQ as the only ground truth. Throws on any failure. */
type AiConfig = NonNullable<ReturnType<typeof config>["ai"]>;

async function askModel(ai: AiConfig, question: string, faq: FaqDoc[], language: Language, timeoutMs: number) {
  const groundTruth = faq.map((e, i) => `${i + 1}. Q: ${e.question}\n   A: ${e.answer}`).join("\n");
  const rules = await faqValues(language);
  const system = [
    "You answer questions of people who want to work as delivery couriers for Courier Fleet in Slovakia.",
    "Use ONLY the FAQ below as your source of facts. Never invent rates, dates, documents or promises.",
    `If the FAQ does not answer the question, reply with exactly ${UNKNOWN} and nothing else.`,
    `Reply in ${LANGUAGE_NAMES[language]}, briefly (at most three sentences), as plain text.`,
    "",
    "",
    "Rules in force (the only numbers you may state):",
    `- hourly rate reaching the courier's account: ${rules.hourlyRate}`,
    `- scooter rent per day held, deducted from weekly pay with the courier's written agreement: ${rules.rentPerDay}`,
    "",
    "FAQ:",
    groundTruth,
  ].join("\n");
  const response = await fetch(`${ai.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(ai.apiKey ? { Authorization: `Bearer ${ai.apiKey}` } : {}) },
    body: JSON.stringify({
      model: ai.model,
      temperature: 0,
      max_tokens: 300,
      messages: [
        { role: "system", content: system },
        { role: "user", content: question },
      ],
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string" || content.trim() === "") throw new Error("AI endpoint gave an empty answer");
  return content.trim();
}

/**
 * Answers a free question: earnings from the income rule; anything else from the published FAQ of
 * the language (hidden entries left out, `{{hourlyRate}}` and `{{rentPerDay}}` filled from the rules
 * in force), through the configured AI endpoint when there is one, else (and whenever that endpoint
 * fails) with the built-in retrieval.
 */
export async function answerQuestion(
  question: string,
  language: Language,
  ai = config().ai,
  timeoutMs = AI_TIMEOUT_MS,
): Promise<AssistantAnswer> {
  const earnings = earningsQuestion(question, language);
  if (earnings) return await earningsAnswer(earnings.hoursPerWeek, language);
  const faq = await listFaq(language);
  if (ai && faq.length > 0) {
    try {
      const answer = await askModel(ai, question, faq, language, timeoutMs);
      return answer.replace(/[.\s]+$/, "") === UNKNOWN ? await unknownAnswer(language) : { answer, source: "ai" };
    } catch (error) {
      log("warn", "assistant fell back to the built-in answerer", { error: String(error) });
    }
  }
  return await builtInAnswer(question, faq, language);
}

export type AskOutcome =
  | { ok: true; answer: string }
  | { ok: false; status: 429; retryAfterSeconds: number }
  | { ok: false; status: 503 };

/** One client's question: the assistant's rate limit (docs/security.md), then the answer. The page form and the JSON API both ask here. */
export async function askAssistant(question: string, language: Language, ip: string): Promise<AskOutcome> {
  const limit = await hit("assistant", ip);
  if (!limit.ok) return { ok: false, status: 429, retryAfterSeconds: limit.retryAfterSeconds };
  try {
    return { ok: true, answer: (await answerQuestion(question, language)).answer };
  } catch {
    return { ok: false, status: 503 };
  }
}
