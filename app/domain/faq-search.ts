/**
 * The built-in FAQ answerer: BM25-style retrieval over the FAQ of one language, with diacritics
 * folded, light suffix stemming for Slovak, Ukrainian and English, and character-trigram matching
 * for the word forms stemming misses. Pure: no I/O, deterministic.
 */
import type { Language } from "./rules";
import { INCOME_HOURS } from "./income";

export type FaqDoc = { id: number; question: string; answer: string };
export type FaqMatch = { entry: FaqDoc; confidence: number } | null;

/** Below this share of the question's weight found in one entry, the answerer says it does not know. */
export const CONFIDENCE_THRESHOLD = 0.5;
const FUZZY_MIN = 0.7;
const K1 = 1.2;
const B = 0.75;

// Question words and fillers that say nothing about the topic (already diacritics-folded).
const STOP_WORDS: Record<Language, string[]> = {
  en: "a an the i me my you your we our us it is are am be been being do does did done have has had having can could will would shall should may might must to of in on at by for from with about as into over under and or but if then than so that this these those there here what which who whom whose when where why how much many any some get got need want like please tell know also just not no yes very now required require requirement requirements necessary needed".split(
    " ",
  ),
  sk: "a aj ak ako aky aka ake akeho akym alebo ale by byt bude budem budes co coho com ci do ho i ja je jej ju k ked kedy kde kolko kto ku lebo mam mat mi moj moja moje mozem mozno musim musi na nad ne nie o od po pod pre pri s sa si so som su ta tak tam teda to tu v vo vy vam vas z za ze zo chcem potrebujem potrebne treba prosim viete teraz".split(
    " ",
  ),
  ua: "а але або би буде бути в ви вам вас во де для до е його i и iз iи чи коли куди мати менi мене мiй моя моє моi можна може на над не нi о об от по пiд при про с так там те то тут у що щоб як яка яке який якi з за зi це хочу треба потрiбно потрiбен будь ласка скажiть скiльки я зараз потрiбнi можу тiльки лише".split(
    " ",
  ),
};

const SUFFIXES: Record<Language, string[]> = {
  en: ["ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "ed", "es", "ly", "s"],
  sk: [
    "ovia",
    "ami",
    "ach",
    "ych",
    "eho",
    "emu",
    "ymi",
    "ov",
    "om",
    "ou",
    "ej",
    "ym",
    "ia",
    "ie",
    "iu",
    "a",
    "e",
    "i",
    "o",
    "u",
    "y",
  ],
  ua: [
    "ами",
    "ями",
    "ого",
    "ому",
    "ими",
    "ах",
    "ях",
    "ів",
    "iв",
    "ом",
    "ем",
    "ою",
    "ею",
    "ий",
    "ій",
    "их",
    "ої",
    "а",
    "я",
    "о",
    "е",
    "у",
    "ю",
    "і",
    "и",
    "ь",
  ],
};

/** Lower case, accents and Ukrainian letter variants folded, apostrophes dropped. */
export function fold(text: string) {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/['’ʼ`]/g, "")
    .replace(/[ї]/g, "і")
    .replace(/[є]/g, "е")
    .replace(/[ґ]/g, "г")
    .replace(/і/g, "i");
}

// English forms that suffix stripping cannot reach.
const IRREGULAR: Record<string, string> = {
  broke: "break",
  broken: "break",
  paid: "pay",
  got: "get",
  gotten: "get",
  bought: "buy",
  rode: "ride",
  ridden: "ride",
};

export function stem(word: string, language: Language) {
  if (language === "en" && IRREGULAR[word]) return IRREGULAR[word];
  for (const suffix of SUFFIXES[language]) {
    const folded = fold(suffix);
    if (word.length - folded.length >= 3 && word.endsWith(folded)) return word.slice(0, -folded.length);
  }
  return word;
}

const STOP_SETS = Object.fromEntries(
  Object.entries(STOP_WORDS).map(([lng, words]) => [lng, new Set(words.map(fold))]),
) as Record<Language, Set<string>>;

/**
 * Words people type for a glossary term the texts no longer use (locales/glossary.json): a Slovak
 * courier still asks about a "prihláška" (or "prihlásenie") where the FAQ says "žiadosť o prácu"; an
 * English speaker types "license" where it says "licence".
 */
const SYNONYMS: Record<Language, [RegExp, string][]> = {
  sk: [[/^prihla(sk|s)/, "ziadost"]],
  ua: [],
  // American spelling: the FAQ writes "licence".
  en: [[/^licens/, "licence"]],
};

/** Content terms of a text: folded, split on anything that is not a letter or digit, stop words out, stemmed. */
export function terms(text: string, language: Language) {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOP_SETS[language].has(word))
    .map((word) => SYNONYMS[language].find(([pattern]) => pattern.test(word))?.[1] ?? word)
    .map((word) => stem(word, language));
}

function trigrams(term: string) {
  const padded = `#${term}#`;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Dice coefficient of character trigrams: catches word forms that suffix stripping misses. */
export function similarity(a: string, b: string) {
  if (a === b) return 1;
  // A stem that starts another (pokaz / pokazil, виплат / виплати) is the same word in another form.
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 4 && long.startsWith(short)) return 0.85;
  const ga = trigrams(a);
  const gb = trigrams(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return (2 * shared) / (ga.size + gb.size);
}

type IndexedDoc = { entry: FaqDoc; tf: Map<string, number>; length: number };

function indexDoc(entry: FaqDoc, language: Language): IndexedDoc {
  // The question says what the entry is about, so its terms count twice.
  const words = [
    ...terms(entry.question, language),
    ...terms(entry.question, language),
    ...terms(entry.answer, language),
  ];
  const tf = new Map<string, number>();
  for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
  return { entry, tf, length: words.length };
}

/** How strongly a query term occurs in a document: exact stems count fully, near forms by similarity. */
function matchWeight(term: string, doc: IndexedDoc) {
  const exact = doc.tf.get(term);
  if (exact) return { tf: exact, strength: 1 };
  let best = { tf: 0, strength: 0 };
  for (const [candidate, count] of doc.tf) {
    const s = similarity(term, candidate);
    if (s >= FUZZY_MIN && s > best.strength) best = { tf: count * s, strength: s };
  }
  return best;
}

/** The FAQ entry that best answers the question, or null when none is grounded well enough. */
export function findAnswer(question: string, entries: FaqDoc[], language: Language): FaqMatch {
  const query = [...new Set(terms(question, language))];
  if (query.length === 0 || entries.length === 0) return null;
  const docs = entries.map((entry) => indexDoc(entry, language));
  const n = docs.length;
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const weights = docs.map((doc) => query.map((term) => matchWeight(term, doc)));
  const idf = query.map((_, qi) => {
    const df = weights.filter((w) => w[qi]!.strength > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const totalIdf = idf.reduce((a, b) => a + b, 0);
  let best: { doc: IndexedDoc; score: number; coverage: number } | null = null;
  docs.forEach((doc, di) => {
    let score = 0;
    let covered = 0;
    query.forEach((_, qi) => {
      const { tf, strength } = weights[di]![qi]!;
      if (strength === 0) return;
      score += (idf[qi]! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avgLength));
      covered += idf[qi]! * strength;
    });
    if (score > 0 && (!best || score > best.score)) best = { doc, score, coverage: covered / totalIdf };
  });
  const winner = best as { doc: IndexedDoc; score: number; coverage: number } | null;
  if (!winner || winner.coverage < CONFIDENCE_THRESHOLD) return null;
  return { entry: winner.doc.entry, confidence: Math.round(winner.coverage * 100) / 100 };
}

/**
 * Questions about earnings ("how much can I earn", "koľko zarobím", "скільки я заробляю") are
 * answered from the income rule, not from an FAQ text that could go stale. Payout timing
 * ("when is the payout", "výplata", "виплата") is not an earnings question and stays with the FAQ.
 */
const EARNINGS: Record<Language, RegExp> = {
  en: /\b(earn\w*|income|salary|salaries|wages?)\b|how much\b.*\b(make|paid|pay|get)\b/,
  sk: /\b(zarob\w*|zarab\w*|prijem\w*|plat|platu|platom|mzd\w*|mzdu|mzda)\b|kolko\b.*\b(dostan\w*|mam|maju|platia|platite)\b/,
  ua: /(^|[^\p{L}])(зароб\p{L}*|дохiд\p{L}*|доход\p{L}*|зарплат\p{L}*)|скiльки.*(отрима\p{L}*|плат(я|ите|ять))/u,
};
const HOURS = /(\d{1,3})\s*(?:h|hrs?|hours?|hod\w*|год\p{L}*)(?![\p{L}])/u;
const DAYS = /(\d)\s*(?:days?|dni|dn\w*|дн\p{L}*|день)(?![\p{L}])/u;
/** "Weekends only", "cez víkendy", "лише у вихідні": two days a week, not the default five. */
const WEEKEND = /\bweekends?\b|\bvikend\w*|вихiдн\p{L}*|суботу|недiлю/u;
const WEEKEND_DAYS = 2;
const PER_DAY = /\b((a|per|each|every) day|daily|denne|za den|na den|kazdy den)\b|на день|щодня|щоденно|в день/;

/** Whether a question asks what one earns, and the hours a week it names (null: none named). */
export function earningsQuestion(question: string, language: Language): { hoursPerWeek: number | null } | null {
  const text = fold(question);
  if (!EARNINGS[language].test(text) && !Object.values(EARNINGS).some((pattern) => pattern.test(text))) return null;
  const hours = HOURS.exec(text);
  const weekend = WEEKEND.test(text);
  // Weekends without hours: two days of the calculator's default day, never the five-day week.
  if (!hours) return { hoursPerWeek: weekend ? WEEKEND_DAYS * INCOME_HOURS.default : null };
  const perDay =
    PER_DAY.test(text) ||
    DAYS.test(text) ||
    (weekend && !/\b(a|per|each) week\b|weekly|tyzd\w*|тиждень|тижн\p{L}*/u.test(text));
  const days = Number(DAYS.exec(text)?.[1] ?? (weekend ? WEEKEND_DAYS : 5));
  return { hoursPerWeek: perDay ? Number(hours[1]) * days : Number(hours[1]) };
}
