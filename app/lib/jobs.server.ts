import { deleteExpiredSessions } from "~/models/sessions.server";
import type { Job } from "./scheduler.server";

const MINUTE = 60 * 1000;

/** The server's scheduled jobs (see scheduler.server.ts); each one is idempotent. */
export const scheduledJobs: Job[] = [{ name: "expired-sessions", everyMs: 60 * MINUTE, run: () => deleteExpiredSessions() }];
