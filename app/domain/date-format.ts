/**
 * Intl.DateTimeFormat, made once per locale and options: building one costs far more than using it,
 * and pages build the same few on every render (a dashboard made one per list row).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Ukrainian dates end in the year mark "р." ("25 груд. 2026 р."); a sentence that ends with the date
 * then showed "р..". The mark is dropped ("25 груд. 2026"), which reads as well and never doubles.
 */
export function withoutYearMark(text: string): string {
  return text.replace(/ р\.(?=$|[\s,])/u, "");
}

/** The calendar day `YYYY-MM-DD` an instant falls on in Europe/Bratislava (pay weeks and platform links count such days). */
export function bratislavaDay(instant: Date): string {
  return dateTimeFormat("en-CA", {
    timeZone: "Europe/Bratislava",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}
