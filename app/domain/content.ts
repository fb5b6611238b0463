import type { Language } from "./rules";

/** The landing page's editable content as pages show it. */
export type FaqEntry = { id: number; question: string; answer: string };

export type NewsMedia = {
  id: number;
  kind: "image" | "video";
  mime: string;
  width: number | null;
  height: number | null;
};
export type NewsItem = {
  id: number;
  title: string;
  content: string;
  /** The languages the title and body are in: the reader's, or a fallback (`pickLocalized`). */
  titleLang: Language;
  contentLang: Language;
  textPosition: "bottom_left" | "top_left" | "center";
  createdAt: string;
  media: NewsMedia[];
};

/** The driving licence a fleet model needs: none (an e-scooter limited to 25 km/h) or AM (a moped, L1e). */
export const LICENCE_CATEGORIES = ["none", "AM"] as const;
export type LicenceCategory = (typeof LICENCE_CATEGORIES)[number];

/**
 * Values an FAQ text may name instead of stating a number that would go stale: `{{hourlyRate}}` and
 * `{{rentPerDay}}`, filled from the rules in force wherever the text is shown or used by the assistant.
 */
export const FAQ_VALUES = ["hourlyRate", "rentPerDay"] as const;
export type FaqValues = Record<(typeof FAQ_VALUES)[number], string>;

/** The text with each known `{{name}}` replaced by its value; other braces stay as typed. */
export function fillFaqValues(text: string, values: FaqValues): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    (FAQ_VALUES as readonly string[]).includes(name) ? values[name as keyof FaqValues] : whole,
  );
}

/** A fleet banner model as the home page shows it. */
export type FleetItem = {
  id: number;
  title: string;
  spec: string;
  /** A picture shipped with the site (responsive variants under /images/fleet/), or null. */
  image: string | null;
  /** An uploaded picture, served from /media/:id; it wins over `image`. */
  imageId: number | null;
  licenceCategory: LicenceCategory;
};

export type PartnerItem = { id: number; name: string; url: string | null; logo: string | null };

/** The admin's move buttons. */
export const MOVE_DIRECTIONS = ["up", "down"] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
