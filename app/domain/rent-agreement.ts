/**
 * The courier's written agreement to the deduction of rent (and of damage settled at a handover)
 * from weekly pay (CONTRACT §8, *dohoda o zrážkach zo mzdy*). The vehicle request shows the wording
 * with the rent per day in force; the request keeps the version, the rent agreed and the time, and so
 * does the lease it starts. The wording is `dashboard:vehicle.rentAgreement.text` in each language:
 * a change of its meaning gets a new version here.
 */
export const RENT_AGREEMENT_VERSION = "rent-2026-11";

/** What the request form sends when the courier ticks the agreement. */
export type RentAgreementInput = { version: string; rentPerDayCents: number };

/** The agreement kept with a lease, as the courier's lease card and the data export show it. */
export type RentAgreementView = { version: string; rentPerDayCents: number; agreedAt: string };
