/**
 * The driving licence an admin checks at the check-out of a moped (CONTRACT §8): its category (B
 * includes AM) and the last four characters of its number. Its own module, so the handover form's
 * page loads it without the handover schema.
 */
export const LICENCE_SEEN_CATEGORIES = ["AM", "B"] as const;
export type LicenceSeenCategory = (typeof LICENCE_SEEN_CATEGORIES)[number];

/** The last four characters of a licence number: letters and digits, stored upper case. */
export const LICENCE_LAST4 = /^[A-Z0-9]{4}$/;
