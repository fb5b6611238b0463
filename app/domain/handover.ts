/**
 * Vehicle handovers: the check-out when a lease starts and the check-in when it ends. The admin
 * records battery, odometer, photos, a damage checklist and a note; the courier confirms. A check-in
 * is compared with its check-out so new damage is flagged to both.
 */
import { z } from "zod";
import { multiLineText } from "./text";
import type { UploadSummary } from "./files";

export const HANDOVER_KINDS = ["check_out", "check_in"] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

import { LICENCE_LAST4, LICENCE_SEEN_CATEGORIES, type LicenceSeenCategory } from "./licence-seen";

export { LICENCE_LAST4, LICENCE_SEEN_CATEGORIES, type LicenceSeenCategory };

export function isHandoverKind(value: unknown): value is HandoverKind {
  return typeof value === "string" && (HANDOVER_KINDS as readonly string[]).includes(value);
}

import { DAMAGE_LEVELS, DAMAGE_PARTS, type DamageLevel, type DamagePart } from "./damage-parts";

export { DAMAGE_LEVELS, DAMAGE_PARTS, type DamageLevel, type DamagePart };

/** Parts with damage; a part not listed is undamaged. */
export type Damages = Partial<Record<DamagePart, Exclude<DamageLevel, "none">>>;

const severity = (level: DamageLevel | undefined) => DAMAGE_LEVELS.indexOf(level ?? "none");

/** Keeps only known parts with a real damage level (stored JSON may come from an older form). */
export function normalizeDamages(raw: unknown): Damages {
  const result: Damages = {};
  if (!raw || typeof raw !== "object") return result;
  for (const part of DAMAGE_PARTS) {
    const level = (raw as Record<string, unknown>)[part];
    if (level === "scratch" || level === "dent" || level === "broken") result[part] = level;
  }
  return result;
}

export type NewDamage = { part: DamagePart; before: DamageLevel; after: DamageLevel };

/** A handover as the admin's history and the courier's confirmation cards show it. */
export type HandoverView = {
  id: number;
  kind: HandoverKind;
  vehicleId: number;
  vehicleName: string;
  userId: number;
  userLabel: string;
  batteryPercent: number | null;
  odometerKm: number | null;
  damages: Damages;
  note: string | null;
  /** At the check-out of a vehicle that needs a licence AM: the licence the admin saw. */
  licenceSeen: { category: LicenceSeenCategory; last4: string } | null;
  recordedAt: string | null;
  /** The recording admin's e-mail: shown to admins, left out of the courier's view. */
  recordedBy: string | null;
  confirmedAt: string | null;
  /** The problem report in which the courier disputes this handover, if they did. */
  disputeReportId: number | null;
  createdAt: string;
  photos: UploadSummary[];
  checkOut: { batteryPercent: number | null; odometerKm: number | null } | null;
  newDamages: NewDamage[];
};

/**
 * The damage a check-in shows that its check-out did not: every part whose condition is worse at
 * return than at hand-over (a scratch that became a dent counts; the same scratch does not).
 * Without a check-out to compare with, every damage at return is new.
 */
export function newDamages(checkOut: Damages | null, checkIn: Damages): NewDamage[] {
  const before = checkOut ?? {};
  return DAMAGE_PARTS.filter((part) => severity(checkIn[part]) > severity(before[part])).map((part) => ({
    part,
    before: before[part] ?? "none",
    after: checkIn[part] ?? "none",
  }));
}

/** A check-in's odometer cannot read less than the check-out's: the number was mistyped. */
export function odometerIssue(checkOutKm: number | null, checkInKm: number): "belowCheckOut" | null {
  return checkOutKm !== null && checkInKm < checkOutKm ? "belowCheckOut" : null;
}

const level = z
  .enum(DAMAGE_LEVELS)
  .optional()
  .transform((v) => v ?? "none");
const wholeNumber = (min: number, max: number, range: string) =>
  z.coerce
    .number({ error: "admin:handovers.errors.number" })
    .int("admin:handovers.errors.number")
    .min(min, range)
    .max(max, range);

/** The admin's handover form (browser and action). Messages are `admin` translation keys. */
export const handoverSchema = z.object({
  batteryPercent: z.preprocess(
    (v) => (v === "" ? undefined : v),
    wholeNumber(0, 100, "admin:handovers.errors.battery"),
  ),
  odometerKm: z.preprocess(
    (v) => (v === "" ? undefined : v),
    wholeNumber(0, 1_000_000, "admin:handovers.errors.odometer"),
  ),
  note: multiLineText()
    .trim()
    .max(1000, "admin:validation.tooLong")
    .optional()
    .transform((v) => v || null),
  /** The driving licence seen at the check-out of a moped (the model requires it for a vehicle that needs AM). */
  licenceCategory: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(LICENCE_SEEN_CATEGORIES, { error: "admin:handovers.errors.licenceCategory" }).optional(),
  ),
  licenceLast4: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v),
    z.string().regex(LICENCE_LAST4, "admin:handovers.errors.licenceLast4").optional(),
  ),
  ...(Object.fromEntries(DAMAGE_PARTS.map((part) => [`damage_${part}`, level])) as Record<
    `damage_${DamagePart}`,
    typeof level
  >),
});
export type HandoverInput = z.infer<typeof handoverSchema>;

/** The checklist of a parsed form as stored damages. */
export function damagesFromInput(input: HandoverInput): Damages {
  return normalizeDamages(Object.fromEntries(DAMAGE_PARTS.map((part) => [part, input[`damage_${part}`]])));
}

/** The courier's note when they disagree with a recorded handover: required, at most 1,000 characters. */
export const handoverDisputeNote = multiLineText({ error: "dashboard:handover.noteRequired" })
  .trim()
  .min(1, { error: "dashboard:handover.noteRequired" })
  .max(1000, { error: "dashboard:errors.tooLong" });
