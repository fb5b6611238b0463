/**
 * `bun run admin:reset-2fa EMAIL`: for an admin who lost both the phone and the recovery codes.
 * Removes the account's authenticator and recovery codes and ends its sessions; the next log-in
 * asks for a new enrolment. Needs shell access to the server, which is the point.
 */
export {};
process.env.COURIER_QUIET_LOGS ??= "1";
const { closeDatabase, migrateDatabase } = await import("../app/infra/db.server");
const { resetSecondFactor } = await import("../app/models/second-factors.server");
const { destroyUserSessionsByEmail } = await import("../app/models/sessions.server");

const email = process.argv[2];
if (!email) {
  console.error("usage: bun run admin:reset-2fa EMAIL");
  process.exit(2);
}
// PostgreSQL opens its pool asynchronously (SQLite would open on the first query).
await migrateDatabase();
if (!(await resetSecondFactor(email))) {
  console.error(`no account with the e-mail ${email}`);
  await closeDatabase();
  process.exit(1);
}
await destroyUserSessionsByEmail(email);
await closeDatabase();
console.log(`Two-step verification of ${email} was removed; the next log-in sets it up again.`);
