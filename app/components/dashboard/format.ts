import { useTranslation } from "react-i18next";
import { HTML_LANG, isLanguage } from "~/domain/rules";
import { dateTimeFormat, withoutYearMark } from "~/domain/date-format";

/** The product runs in Slovakia: dates are shown in its time zone, the same on server and browser. */
export const TIME_ZONE = "Europe/Bratislava";

export function useDates() {
  const { i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? HTML_LANG[i18n.language] : "sk";
  const date = dateTimeFormat(locale, { dateStyle: "medium", timeZone: TIME_ZONE });
  const dateTime = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE });
  return {
    date: (iso: string | null | undefined) => (iso ? withoutYearMark(date.format(new Date(iso))) : ""),
    dateTime: (iso: string | null | undefined) => (iso ? withoutYearMark(dateTime.format(new Date(iso))) : ""),
  };
}
