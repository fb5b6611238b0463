/**
 * The schema the models import (`~db/schema`): the tables of the dialect DATABASE_URL names —
 * `postgres://` or `postgresql://` → db/schema.pg.ts, anything else → db/schema.sqlite.ts — typed as
 * the SQLite tables, so model code type-checks once for both. The two files are twins, column for
 * column (db/schema-twins.test.ts); a table added to them is added to the list below too (the same
 * test fails otherwise).
 */
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";

export type Dialect = "sqlite" | "postgres";

export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

export const dialect: Dialect = dialectOf(process.env.DATABASE_URL);

/** The schema module of a dialect, as the models see it. */
export function schemaOf(which: Dialect): typeof sqlite {
  return which === "postgres" ? (pg as unknown as typeof sqlite) : sqlite;
}

const chosen = schemaOf(dialect);

export const { DOCUMENT_RENEWAL_STATUSES, PAY_ADJUSTMENT_KINDS, PAY_QUESTION_STATUSES, PAY_STATEMENT_STATUSES, PAYOUT_BATCH_STATUSES } = sqlite;
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
  rateLimits,
  usedCaptchas,
  jobRuns,
  outbox,
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
} = chosen;
