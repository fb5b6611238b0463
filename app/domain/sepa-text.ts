/**
 * Names and texts for SEPA payments, whose basic character set is Latin only:
 * a–z A–Z 0–9 / - ? : ( ) . , ' + and space (EPC's "SEPA Requirements for an Extended Character Set").
 * Slovak diacritics lose their marks (Šťastný → Stastny); Ukrainian Cyrillic follows Ukraine's official
 * transliteration of 2010, the one in Ukrainian passports (Олена Коваленко → Olena Kovalenko), so a
 * name still reads as the courier's own on a bank statement.
 */
const SEPA_BASIC = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Ukrainian (and the few Russian letters met in names): [anywhere, at the start of a word]. */
const CYRILLIC: Record<string, [string, string?]> = {
  а: ["a"],
  б: ["b"],
  в: ["v"],
  г: ["h"],
  ґ: ["g"],
  д: ["d"],
  е: ["e"],
  є: ["ie", "ye"],
  ж: ["zh"],
  з: ["z"],
  и: ["y"],
  і: ["i"],
  ї: ["i", "yi"],
  й: ["i", "y"],
  к: ["k"],
  л: ["l"],
  м: ["m"],
  н: ["n"],
  о: ["o"],
  п: ["p"],
  р: ["r"],
  с: ["s"],
  т: ["t"],
  у: ["u"],
  ф: ["f"],
  х: ["kh"],
  ц: ["ts"],
  ч: ["ch"],
  ш: ["sh"],
  щ: ["shch"],
  ь: [""],
  ю: ["iu", "yu"],
  я: ["ia", "ya"],
  ъ: [""],
  ы: ["y"],
  э: ["e"],
  ё: ["io", "yo"],
  "’": [""],
  ʼ: [""],
};

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const LATIN_EXTRA: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  œ: "oe",
  Œ: "OE",
  þ: "th",
  Þ: "TH",
};

const isLetter = (ch: string | undefined) => ch !== undefined && /\p{L}/u.test(ch);

function cyrillicToLatin(text: string) {
  let out = "";
  const chars = [...text];
  chars.forEach((ch, i) => {
    const lower = ch.toLowerCase();
    const entry = CYRILLIC[lower];
    // The apostrophe inside a Ukrainian word is not written in Latin (В'ячеслав → Viacheslav).
    if (
      ch === "'" &&
      /\p{Script=Cyrillic}/u.test(chars[i - 1] ?? "") &&
      /\p{Script=Cyrillic}/u.test(chars[i + 1] ?? "")
    )
      return;
    if (!entry) {
      out += ch;
      return;
    }
    const prev = chars[i - 1];
    // Ye, Yi, Y, Yu, Ya only begin a word; after an apostrophe the word goes on (Знам'янка → Znamianka).
    const wordStart = !isLetter(prev) && !(prev !== undefined && /['’ʼ]/.test(prev));
    // "зг" is written "zgh" so it is not read as "ж" (Zghurskyi).
    let latin =
      lower === "г" && chars[i - 1]?.toLowerCase() === "з"
        ? "gh"
        : wordStart && entry[1] !== undefined
          ? entry[1]
          : entry[0];
    if (ch !== lower && latin) {
      const isUpper = (c: string | undefined) => isLetter(c) && c !== c!.toLowerCase();
      const next = chars[i + 1];
      // In a name written in capitals every letter stays capital (ЩУР → SHCHUR, not ShchUR).
      const allCaps = isUpper(next) || (!isLetter(next) && isUpper(prev));
      latin = allCaps ? latin.toUpperCase() : latin[0]!.toUpperCase() + latin.slice(1);
    }
    out += latin;
  });
  return out;
}

/** Latin letters without marks, Cyrillic transliterated, typographic quotes and dashes made plain; spaces collapsed. */
export function transliterate(text: string): string {
  const latin = cyrillicToLatin(text.normalize("NFC"))
    .replace(/[ßæÆøØłŁđĐœŒþÞ]/g, (ch) => LATIN_EXTRA[ch]!)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[‘’ʼ`´]/g, "'")
    .replace(/[‐‑‒–—]/g, "-");
  return latin.replace(/\s+/g, " ").trim();
}

/** The text in SEPA's basic Latin set, or null when something in it has no place there (e.g. "&", "€", Chinese). */
export function toSepaText(text: string): string | null {
  const latin = transliterate(text);
  return SEPA_BASIC.test(latin) ? latin : null;
}
