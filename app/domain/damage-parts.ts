/**
 * The handover checklist's parts and levels, apart from the handover schema: the courier's pages show
 * them without loading Zod (app/domain/handover.ts keeps the rules and re-exports these).
 */

/** The fixed checklist of parts, in the order the form and the history show them. */
export const DAMAGE_PARTS = [
  "frame",
  "deck",
  "handlebar",
  "brakes",
  "lights",
  "tyreFront",
  "tyreRear",
  "display",
  "charger",
] as const;
export type DamagePart = (typeof DAMAGE_PARTS)[number];

/** Condition of a part, least to most serious. */
export const DAMAGE_LEVELS = ["none", "scratch", "dent", "broken"] as const;
export type DamageLevel = (typeof DAMAGE_LEVELS)[number];
