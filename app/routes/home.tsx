import { data } from "react-router";
import type { Route } from "./+types/home";
import { FaqSection, type AskResult } from "~/components/home/faq-section";
import { FleetBanner } from "~/components/home/fleet-banner";
import { Hero } from "~/components/home/hero";
import { IncomeCalculator } from "~/components/home/income-calculator";
import { NewsSection } from "~/components/home/news-section";
import { Partners } from "~/components/home/partners";
import { askSchema } from "~/domain/assistant-schema";
import { calculateIncome, parseIncomeInput } from "~/domain/income";
import { formatCents } from "~/domain/pay-format";
import { incomeAmounts } from "~/components/home/income-calculator";
import { HTML_LANG, isLanguage, LANGUAGES, type Language } from "~/domain/rules";
import { askAssistant } from "~/services/assistant.server";
import { config } from "~/infra/config.server";
import { requestInfoContext } from "~/infra/context";
import { dateTimeFormat } from "~/domain/date-format";
import { getInstance, getLocale } from "~/infra/i18n.server";
import { listFaq, listFleet, listPartners, listPublishedNews } from "~/models/content.server";
import { getPaySettings } from "~/models/settings.server";
import { readFormData } from "~/infra/http.server";
import { formActionHeaders } from "~/services/auth-http.server";

const OG_LOCALE: Record<Language, string> = { sk: "sk_SK", ua: "uk_UA", en: "en_GB" };
const DATE_LOCALE: Record<Language, string> = { sk: "sk-SK", ua: "uk-UA", en: "en-GB" };

async function pageLanguage(context: Route.LoaderArgs["context"]): Promise<Language> {
  const locale = getLocale(context);
  return isLanguage(locale) ? locale : "sk";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const language = await pageLanguage(context);
  const url = new URL(request.url);
  // The promise is the pay rule with the rate and rent in force (a settings change drops the page cache).
  const { hourlyRateCents, rentPerDayCents } = await getPaySettings();
  const rule = { hourlyRateCents, rentPerDayCents };
  const income = calculateIncome(parseIncomeInput(url.searchParams.get("days"), url.searchParams.get("hours")), rule);
  const news = await listPublishedNews(language, Number(url.searchParams.get("news") ?? 1));
  const dateFormat = dateTimeFormat(DATE_LOCALE[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Bratislava",
  });
  return {
    language,
    seo: {
      title: t("home:meta.title"),
      description: t("home:meta.description"),
      imageAlt: t("home:meta.ogImageAlt"),
      siteName: t("common:brand"),
      appUrl: config().appUrl,
      chosenLanguage: isLanguage(url.searchParams.get("lng")),
    },
    income: {
      days: income.days,
      hours: income.hours,
      rule,
      ...incomeAmounts(income, language),
      rate: formatCents(hourlyRateCents, language),
      rent: formatCents(rentPerDayCents, language),
    },
    fleet: await listFleet(language),
    news: {
      page: news.page,
      pages: news.pages,
      items: news.items.map(({ createdAt, ...post }) => ({
        ...post,
        dateTime: createdAt,
        date: dateFormat.format(new Date(createdAt)),
      })),
    },
    faq: await listFaq(language),
    partners: await listPartners(),
  };
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) return [];
  const { seo, language } = loaderData;
  const href = (lng: Language) => `${seo.appUrl}/?lng=${lng}`;
  const image = `${seo.appUrl}/images/og-home.jpg`;
  // The canonical is this page's own address: `/` (the x-default, language by the visitor's settings)
  // names itself, never one of its hreflang alternates; `/?lng=ua` names itself.
  const canonical = seo.chosenLanguage ? href(language) : `${seo.appUrl}/`;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...LANGUAGES.map((lng) => ({ tagName: "link", rel: "alternate", hrefLang: HTML_LANG[lng], href: href(lng) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${seo.appUrl}/` },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALE[language] },
    ...LANGUAGES.filter((lng) => lng !== language).map((lng) => ({
      property: "og:locale:alternate",
      content: OG_LOCALE[lng],
    })),
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: seo.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** The assistant's form without JavaScript: the answer is rendered into the page. */
/** The assistant form's 429 carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t;
  const form = Object.fromEntries(await readFormData(context, request));
  const question = typeof form.question === "string" ? form.question.slice(0, 500) : "";
  const parsed = askSchema.safeParse(form);
  if (!parsed.success)
    return data<AskResult>({ question, error: t("home:assistant.questionInvalid") }, { status: 400 });
  const outcome = await askAssistant(
    parsed.data.question,
    parsed.data.language ?? (await pageLanguage(context)),
    context.get(requestInfoContext).ip,
  );
  if (outcome.ok) return data<AskResult>({ question, answer: outcome.answer });
  if (outcome.status === 429) {
    return data<AskResult>(
      { question, error: t("errors:rateLimited", { minutes: Math.ceil(outcome.retryAfterSeconds / 60) }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<AskResult>({ question, error: t("home:assistant.error") }, { status: 503 });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { language, income, fleet, news, faq, partners } = loaderData;
  return (
    <>
      <Hero rent={income.rent} />
      <IncomeCalculator
        key={`${language}-${income.days}-${income.hours}-${income.rule.hourlyRateCents}-${income.rule.rentPerDayCents}`}
        initial={income}
        language={language}
      />
      <FleetBanner fleet={fleet} />
      <NewsSection news={news} />
      <FaqSection faq={faq} language={language} />
      <Partners partners={partners} />
    </>
  );
}
