import type { IsoWeekday } from "./pay-week";

/**
 * Business constants (docs/fleet-rules.md). Operators may override the editable ones
 * through the settings table (see app/models/settings.server.ts); these are the defaults.
 */
export const LANGUAGES = ["sk", "ua", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "sk";
/** HTML `lang` attribute per public language code. */
export const HTML_LANG: Record<Language, string> = { sk: "sk", ua: "uk", en: "en" };

/** A `tel:` link for a phone number as people write it. */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export const MIN_COURIER_AGE = 16;
export const PASSWORD_MIN_LENGTH = 8;
export const MAX_REPORT_FILES = 2;
export const MAX_VEHICLE_IMAGES = 3;
/** Photos of each side of a vehicle at a handover (check-out or check-in). */
export const MAX_HANDOVER_PHOTOS = 6;
/** The home page promises a decision on an application or request within this many hours. */
export const REVIEW_PROMISE_HOURS = 24;
/** Rows one bulk action may change at once (one page of a list). */
export const BULK_MAX_ROWS = 100;
export const TRAFFIC_CHART_DAYS = 30;

/** Days before a right-to-stay document ends when the courier is reminded (one e-mail each, never twice). */
export const DOCUMENT_REMINDER_DAYS = [30, 7] as const;
/** The admin's "expiring soon" list and the courier's banner start this many days before the end. */
export const DOCUMENT_EXPIRING_SOON_DAYS = 30;
/** A service counts as due this many days before its date, or this many km before its odometer reading. */
export const SERVICE_DUE_SOON_DAYS = 7;
export const SERVICE_DUE_SOON_KM = 100;

export const DEFAULT_SETTINGS = {
  /** Net income per hour in EUR. */
  hourlyRateEur: 7.5,
  leaseDays: 30,
  /** A courier may ask to renew a lease from this many days before it ends (app/domain/lease-renewal.ts). */
  leaseRenewalWindowDays: 5,
  problemReportCooldownHours: 24,
  /** Identity documents of rejected applications are deleted after this many days. */
  rejectedDocumentRetentionDays: 90,
  /** Days before a right-to-stay document ends when the courier is reminded: first, then again (DOCUMENT_REMINDER_DAYS). */
  documentReminderFirstDays: 30,
  documentReminderSecondDays: 7,
  /** The operator's abuse limits (hits per window of RATE_LIMITS): the ones that are not a lock against guessing. */
  rateLimitAssistant: 20,
  rateLimitUploads: 30,
  rateLimitDataExport: 5,
  rateLimitPayQuestions: 10,
  rateLimitReferralTrack: 30,
} as const;
export type Settings = { -readonly [K in keyof typeof DEFAULT_SETTINGS]: number };

/** A month is 52/12 weeks, kept as a fraction so money stays in integer cents. */
export const WEEKS_PER_MONTH = { weeks: 52, months: 12 } as const;

/** How a week's work becomes pay (app/domain/pay-rule.ts): per hour at the calculator's rate, or a share of the platforms' gross. */
export const PAY_MODELS = ["hourly", "share"] as const;
export type PayModel = (typeof PAY_MODELS)[number];

/**
 * Weekly pay settings (docs/pay.md), operator-editable through the settings table like DEFAULT_SETTINGS
 * (app/models/settings.server.ts `getPaySettings`). The hourly rate is not repeated here: it is
 * DEFAULT_SETTINGS.hourlyRateEur, the calculator's rate, so the promise and the pay cannot differ.
 */
export const DEFAULT_PAY_SETTINGS = {
  payModel: "hourly" as PayModel,
  /** Share model: the courier's percentage of the platforms' gross (up to two decimals, e.g. 82.5). */
  sharePercent: 80,
  /** Scooter rent per Bratislava calendar day of lease inside the week, in cents. */
  rentPerDayCents: 500,
  /** ISO weekday of the payday (5 = Friday): week W is paid on this day of week W+1. */
  paydayWeekday: 5 as IsoWeekday,
  /**
   * A payout far above the courier's usual is flagged in the week's review and approved only with its
   * own confirmation (docs/pay.md, "Large payouts"): above this many cents (1,500.00 EUR) …
   */
  largePayoutCents: 150_000,
  /** … or above this many times the median payout of the courier's last 8 statements (when there are 3 or more). */
  largePayoutFactor: 3,
  /**
   * The most one platform account may report for one day, in cents: an import refuses a row above it
   * (docs/pay.md, "Implausible rows"). 500,00 € gross is about three times a long, busy courier day;
   * 200,00 € of tips is more than any day seen. An operator with other figures raises them.
   */
  maxDailyGrossCents: 50_000,
  maxDailyTipsCents: 20_000,
};

export const SESSION_IDLE_DAYS = 14;
export const SESSION_ABSOLUTE_DAYS = 60;
/** A browser is remembered for the new-device e-mail as long as browsers keep a cookie (400 days). */
export const DEVICE_REMEMBER_DAYS = 400;
export const ACTIVATION_TOKEN_HOURS = 48;
/**
 * An activation link opened within this many minutes of being sent also logs the courier in (on a
 * phone, right after registering); an older one only activates, and the password is asked.
 */
export const ACTIVATION_LOGIN_MINUTES = 60;
export const RESET_TOKEN_MINUTES = 60;

/**
 * Outer bounds of the bytes read from one request body (app/services/body-limit.server.ts); multipart
 * uploads are then checked per form and per file (UPLOAD_LIMITS).
 */
export const BODY_LIMITS = {
  /** Every body but an upload (JSON, url-encoded, any multipart elsewhere or from a visitor). */
  formBytes: 1024 * 1024,
  /** Multipart posts to the upload forms by a session allowed to use them (two videos plus fields). */
  uploadBytes: 120 * 1024 * 1024,
} as const;

export const UPLOAD_LIMITS = {
  imageBytes: 10 * 1024 * 1024,
  videoBytes: 50 * 1024 * 1024,
  /** A platform's weekly earnings file (CSV). */
  csvBytes: 10 * 1024 * 1024,
  imageMaxSide: 2560,
  /** Larger images are refused before they are decoded (a 50 MP phone photo still fits). */
  imageMaxPixels: 52_000_000,
} as const;

/**
 * Rate limits (docs/security.md, "Abuse limits"): `limit` hits per `windowSeconds`. Problem reports are limited by
 * their cooldown instead (DEFAULT_SETTINGS.problemReportCooldownHours, operator-editable).
 */
export const RATE_LIMITS = {
  loginIp: { limit: 10, windowSeconds: 60 },
  /** Failures per account, counted and enforced for browsers that have not logged in to it before. */
  loginAccountFailures: { limit: 5, windowSeconds: 15 * 60 },
  /** Failures per account and known browser (signed device cookie): the owner's own browser is not locked out by others' guesses. */
  loginDeviceFailures: { limit: 10, windowSeconds: 15 * 60 },
  /** Second-factor codes tried per account (a 6-digit code must not be guessable by brute force). */
  secondFactor: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Registrations per address: a recruiting day brings dozens of people on one Wi-Fi, so the address
   * limit is generous; bots are held by the captcha's proof of work and the per-e-mail limit below.
   */
  register: { limit: 60, windowSeconds: 60 * 60 },
  /** Registration attempts per e-mail address, from any address. */
  registerEmail: { limit: 5, windowSeconds: 60 * 60 },
  forgotPassword: { limit: 5, windowSeconds: 15 * 60 },
  resendActivation: { limit: 5, windowSeconds: 15 * 60 },
  assistant: { limit: 20, windowSeconds: 60 },
  /** Referral link visits per address (GET /api/referrals/track/{code}), known codes or not. */
  referralTrack: { limit: 30, windowSeconds: 60 },
  uploads: { limit: 30, windowSeconds: 60 * 60 },
  /** "Download my data" copies every file of the user: a handful an hour is plenty. */
  dataExport: { limit: 5, windowSeconds: 60 * 60 },
  /** Pay questions and their messages per courier: each lands in the admins' queue. */
  payQuestions: { limit: 10, windowSeconds: 60 * 60 },
  /** `/start <code>` messages per Telegram chat: a 256-bit code is not guessed, but nobody may try in bulk. */
  telegramStart: { limit: 10, windowSeconds: 15 * 60 },
  /** Saves of a Web Push subscription per courier: a phone subscribes once; a loop of saves is refused. */
  pushSubscribe: { limit: 10, windowSeconds: 60 * 60 },
  /** An admin's messages to a group of couriers: each reaches every courier of the group. */
  broadcast: { limit: 5, windowSeconds: 60 * 60 },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The largest bonus or correction an admin may add to one week (a typo of three zeros must not pay out);
 * a larger sum is several adjustments with their reasons.
 */
export const MAX_ADJUSTMENT_CENTS = 500_000;

/** The longest message in a problem report's conversation (app/domain/report-thread.ts validates it). */
export const REPORT_MESSAGE_MAX = 2000;
