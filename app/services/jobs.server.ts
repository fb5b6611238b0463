import { deleteStaleDevices } from "~/models/devices.server";
import { deleteExpiredLimits } from "~/models/limits.server";
import { expireLeases, remindLeaseEnding } from "~/models/leases.server";
import { draftClosedWeeks } from "~/models/pay-statements.server";
import { runDocumentExpiry } from "~/models/documents.server";
import { deleteExpiredRejectedDocuments, deleteReplacedDocuments } from "~/models/privacy.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import { sweepOrphanFiles } from "~/models/uploads.server";
import { deleteOldReferralVisitors } from "~/models/tracking.server";
import { hostname } from "node:os";
import { jobClaims, pruneJobRuns } from "~/models/job-runs.server";
import { now } from "~/infra/clock.server";
import { config } from "~/infra/config.server";
import { randomToken } from "~/infra/crypto.server";
import { startScheduler, type Job } from "~/infra/scheduler.server";
import { pruneOutbox } from "~/models/outbox.server";
import { pruneFormKeys } from "~/models/idempotency.server";
import { startMailSender } from "./outbox.server";
import { startTelegram } from "./telegram.server";

const MINUTE = 60 * 1000;

/** The server's scheduled jobs (see scheduler.server.ts); each one is idempotent. */
export const scheduledJobs: Job[] = [
  // Also the remembered browsers of the new-device e-mail once their cookie has run out.
  {
    name: "expired-sessions",
    everyMs: 60 * MINUTE,
    run: async () => {
      await deleteExpiredSessions();
      await deleteStaleDevices();
    },
  },
  // Couriers whose lease end passed wait in lease_expired for the admin (docs/fleet-rules.md).
  { name: "lease-expiry", everyMs: 5 * MINUTE, run: async () => void (await expireLeases()) },
  // Couriers whose lease ends within two days are told once per lease end (docs/operations.md#telegram).
  { name: "lease-reminders", everyMs: 60 * MINUTE, run: async () => void (await remindLeaseEnding()) },
  // Files no upload row references (a crash between write and commit, deleted rows).
  {
    name: "orphan-uploads",
    everyMs: 6 * 60 * MINUTE,
    run: async () => {
      await sweepOrphanFiles();
    },
  },
  // Identity documents of rejected applications, and right-to-stay files a newer document replaced,
  // past DEFAULT_SETTINGS.rejectedDocumentRetentionDays.
  {
    name: "rejected-documents",
    everyMs: 6 * 60 * MINUTE,
    run: async () => {
      await deleteExpiredRejectedDocuments();
      await deleteReplacedDocuments();
    },
  },
  // Rate-limit windows, used captchas and referral visitor hashes that have run out; otherwise the tables only grow.
  // Also the scheduler's own record of finished runs after 30 days, and create forms' keys after a day.
  {
    name: "expired-limits",
    everyMs: 60 * MINUTE,
    run: async () => {
      deleteExpiredLimits();
      await deleteOldReferralVisitors(now());
      await pruneJobRuns(new Date(now().getTime() - 30 * 24 * 60 * MINUTE));
      await pruneFormKeys(new Date(now().getTime() - 24 * 60 * MINUTE));
    },
  },
  // Weekly pay: once a week has closed (Monday 00:00 Bratislava) every courier with earnings or deductions
  // gets a draft statement within the hour; drafts of the recent open weeks follow late imports. Idempotent.
  { name: "pay-statements", everyMs: 60 * MINUTE, run: async () => void (await draftClosedWeeks()) },
  // Right-to-stay documents: reminders 30 and 7 days before the end, documents_expired on the day.
  {
    name: "document-expiry",
    everyMs: 60 * MINUTE,
    run: async () => {
      await runDocumentExpiry();
    },
  },
  // Sent e-mails after a few days (their links may hold tokens), failing ones after a month.
  { name: "outbox-prune", everyMs: 6 * 60 * MINUTE, run: async () => void (await pruneOutbox()) },
];

/**
 * Starts the jobs in this process. Every instance on the same database starts them; the claims in
 * `job_runs` make each run once per period cluster-wide (see scheduler.server.ts). The outbox sender
 * runs beside them, every MAIL_SEND_SECONDS on every instance: its per-row claims, not a period,
 * make each message go out once.
 */
export function startJobs() {
  const { jobs, mailSendMs } = config();
  const scheduler = startScheduler(scheduledJobs, {
    claims: jobClaims,
    owner: `${hostname()}:${process.pid}:${randomToken(4)}`,
    now,
    ...jobs,
  });
  const sender = startMailSender(mailSendMs);
  // The bot's updates (webhook registration or long polling), only when TELEGRAM_BOT_TOKEN is set.
  const telegram = startTelegram();
  return {
    /** Resolves once the jobs already running have finished. */
    stop: async () => {
      sender.stop();
      await (await telegram).stop();
      await scheduler.stop();
    },
  };
}
