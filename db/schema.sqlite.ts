import { sqliteWords } from "./schema.dialects";
import { defineTables } from "./schema.tables";

/**
 * The SQLite tables (bun:sqlite): db/schema.tables.ts in SQLite's words. drizzle.config.ts reads this
 * file and writes its migrations into db/migrations; drizzle-kit finds the tables by their exports.
 */
export const sqliteTables = defineTables(sqliteWords);

export const {
  users,
  sessions,
  totpCredentials,
  recoveryCodes,
  userDevices,
  oneTimeTokens,
  applications,
  vehicles,
  vehicleRequests,
  problemReports,
  applicationDrafts,
  problemReportMessages,
  uploads,
  handovers,
  documentRenewals,
  documentReminders,
  serviceRecords,
  statusHistory,
  auditLog,
  referralLinks,
  referralClicks,
  referralClickVisitors,
  pageViewsDaily,
  newsPosts,
  faqEntries,
  fleetModels,
  partners,
  settings,
  ruleChanges,
  rateLimits,
  usedCaptchas,
  jobRuns,
  outbox,
  telegramChats,
  pushSubscriptions,
  notificationPreferences,
  platforms,
  platformAccounts,
  earningImports,
  earnings,
  payAdjustments,
  payStatements,
  payoutBatches,
  bankAccounts,
  payQuestions,
  payQuestionMessages,
  idempotencyKeys,
  legalDocuments,
  legalConsents,
} = sqliteTables;

export {
  DOCUMENT_RENEWAL_STATUSES,
  PAY_ADJUSTMENT_KINDS,
  OUTBOX_CHANNELS,
  PAY_QUESTION_STATUSES,
  PAY_STATEMENT_STATUSES,
  PAYOUT_BATCH_STATUSES,
} from "./schema.tables";
