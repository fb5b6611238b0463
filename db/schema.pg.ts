import { type AsPostgres, pgWords } from "./schema.dialects";
import { defineTables } from "./schema.tables";

/**
 * The PostgreSQL tables: db/schema.tables.ts in PostgreSQL's words. drizzle-pg.config.ts reads this
 * file and writes its migrations into db/migrations-pg; drizzle-kit finds the tables by their exports.
 * `pgTables` is how the models see them (typed as the SQLite tables, db/schema.ts); the named exports
 * are the same objects typed as PgTables, for the code that speaks drizzle's pg API (db-postgres, db-copy).
 */
export const pgTables = defineTables(pgWords);

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
} = pgTables as unknown as AsPostgres<typeof pgTables>;
