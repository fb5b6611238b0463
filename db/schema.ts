/**
 * The schema the models import (`~db/schema`): the tables of the dialect DATABASE_URL names —
 * `postgres://` or `postgresql://` → db/schema.pg.ts, anything else → db/schema.sqlite.ts. Both are
 * db/schema.tables.ts built in their dialect's words, typed as the SQLite tables (db/schema.dialects.ts),
 * so model code type-checks once for both. A table added there is added to the lists here and in the
 * two dialect files too (db/schema-twins.test.ts fails otherwise).
 */
import { pgTables } from "./schema.pg";
import { sqliteTables } from "./schema.sqlite";
import type { Tables } from "./schema.tables";

export type Dialect = "sqlite" | "postgres";

export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

export const dialect: Dialect = dialectOf(process.env.DATABASE_URL);

/** The schema module of a dialect, as the models see it. */
export function schemaOf(which: Dialect): Tables {
  return which === "postgres" ? pgTables : sqliteTables;
}

const chosen = schemaOf(dialect);

export {
  DOCUMENT_RENEWAL_STATUSES,
  PAY_ADJUSTMENT_KINDS,
  OUTBOX_CHANNELS,
  PAY_QUESTION_STATUSES,
  PAY_STATEMENT_STATUSES,
  PAYOUT_BATCH_STATUSES,
} from "./schema.tables";
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
} = chosen;
