import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { checkIban, isValidBic } from "~/domain/bank-details";
import { toSepaText } from "~/domain/sepa-text";
import { vapidKeysIn } from "./vapid-keys.server";

/**
 * All configuration (the README's configuration table), validated once at start-up.
 * `NODE_ENV` is read here exactly as the operator set it, before the server forces React's
 * production build, so production rules never depend on how React was loaded.
 */
const operatorNodeEnv = process.env.COURIER_OPERATOR_NODE_ENV ?? process.env.NODE_ENV ?? "";
export const isProduction = operatorNodeEnv === "production";

/** `s3://bucket` or `s3://bucket/folder/sub`: an S3 bucket name, then an optional key prefix. */
const S3_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/((?:[\w-][\w.-]*)(?:\/[\w-][\w.-]*)*)?\/?)?$/;

/** Where stored files live: a folder of the local disk, or a bucket (and prefix) of an S3-compatible store. */
export type StorageConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      prefix: string;
      endpoint?: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

const flag = z.enum(["0", "1"]).transform((v) => v === "1");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .refine(
      (url) => /^file:.+/.test(url) || isPostgresUrl(url),
      "must look like file:./data/app.db or postgres://user:pass@host:5432/db",
    )
    .default("file:./data/app.db"),
  UPLOADS_DIR: z.string().min(1).default("./data/uploads"),
  STORAGE_URL: z
    .string()
    .regex(
      S3_URL,
      "must look like s3://bucket/prefix (a bucket name of 3–63 lowercase letters, digits, dots or hyphens; the prefix is optional)",
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 or auto")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Courier Fleet <no-reply@localhost>"),
  CAPTCHA_PROVIDER: z.enum(["altcha", "recaptcha", "off"]).default("altcha"),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** How many reverse proxies in front of the server append to X-Forwarded-For (0: none, use the socket). */
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, "must be a number of proxy hops (0, 1, 2, …)")
    .transform(Number)
    .default(0),
  DEMO_SEED: flag.optional(),
  SERVER_TIMING: flag.optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** How often each instance looks for due scheduled jobs, and how long a job's claim holds unrenewed. */
  /** PostgreSQL only: connections per server process, and the longest a statement may run. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Server processes sharing the port (`reusePort`); 1 is one process. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  JOBS_CHECK_SECONDS: z.coerce.number().positive().max(3600).default(60),
  JOBS_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(120),
  /** The paying company's account for SEPA payout files (docs/pay.md); without them the export says what is missing. */
  PAYOUT_DEBTOR_NAME: z
    .string()
    .trim()
    .max(70, "must be at most 70 characters (SEPA)")
    .refine(
      (name) => toSepaText(name) !== null,
      "must be written in SEPA's Latin characters (letters, digits, / - ? : ( ) . , ' + and spaces)",
    )
    .optional(),
  PAYOUT_DEBTOR_IBAN: z
    .string()
    .refine((iban) => checkIban(iban).ok, "must be a valid IBAN of a SEPA country")
    .transform((iban) => (checkIban(iban) as { iban: string }).iban)
    .optional(),
  PAYOUT_DEBTOR_BIC: z
    .string()
    .refine(isValidBic, "must be a BIC of 8 or 11 characters")
    .transform((bic) => bic.replace(/\s/g, "").toUpperCase())
    .optional(),
  /** How often each instance's outbox sender looks for mail to send or retry (besides right after each commit). */
  MAIL_SEND_SECONDS: z.coerce.number().positive().max(3600).default(15),
  /** Telegram (docs/operations.md#telegram): the bot's token and @name; without both the channel is not offered. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, "must look like 123456:ABC-DEF… (the token @BotFather gives)")
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .transform((name) => name.replace(/^@/, ""))
    .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "must be the bot's username, such as CourierFleetBot"))
    .optional(),
  /** With a public https APP_URL: Telegram posts updates to /api/telegram/webhook with this secret; else long polling. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16–256 letters, digits, _ or -")
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
  /** Web Push (docs/operations.md#push): the VAPID key pair, base64url; unset, a pair is generated once into DATA_DIR. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, "must be a base64url P-256 public key (87 characters, as web-push generates)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, "must be a base64url P-256 private key (43 characters, as web-push generates)")
    .optional(),
  /** Whom a push service may contact about our messages: `mailto:…` or `https://…`; unset, the company's e-mail. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be mailto:address or an https:// URL")
    .optional(),
  /** Tests only: `1` accepts push endpoints on http://127.0.0.1 (a local push service of the tests). */
  PUSH_ALLOW_LOCAL_HTTP: flag.optional(),
  /** Tests only: `1` lets DATA_DIR/test-clock.json move the server's clock (app/infra/clock.server.ts). */
  TEST_CLOCK: flag.optional(),
});

/** The file through which tests move the clock of every process sharing DATA_DIR (app/infra/clock.server.ts). */
export function testClockFile(dataDir: string) {
  return path.join(path.resolve(dataDir), "test-clock.json");
}

export type Config = ReturnType<typeof loadConfig>;

/** A `postgres://` (or `postgresql://`) URL naming a host and a database. */
export function isPostgresUrl(url: string) {
  if (!/^postgres(ql)?:\/\//.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.hostname !== "" && parsed.pathname.length > 1;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

/**
 * Parses an environment; throws ConfigError with one line naming the variable. `production` is the
 * operator's NODE_ENV (a parameter so the production rules can be tested).
 */
export function parseConfig(env: Record<string, string | undefined>, production = isProduction) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = result.data;
  if (production && !e.SESSION_SECRET)
    throw new ConfigError("Invalid configuration: SESSION_SECRET is required when NODE_ENV=production");
  // Without SMTP every e-mail is written to DATA_DIR/mail, live activation and reset links included.
  if (production && !e.SMTP_URL)
    throw new ConfigError("Invalid configuration: SMTP_URL is required when NODE_ENV=production");
  if (production && e.CAPTCHA_PROVIDER === "off")
    throw new ConfigError("Invalid configuration: CAPTCHA_PROVIDER=off is refused when NODE_ENV=production");
  if (production && e.TEST_CLOCK)
    throw new ConfigError("Invalid configuration: TEST_CLOCK=1 is refused when NODE_ENV=production");
  if (e.CAPTCHA_PROVIDER === "recaptcha" && (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY))
    throw new ConfigError(
      "Invalid configuration: RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY are required when CAPTCHA_PROVIDER=recaptcha",
    );
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD))
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  if (e.STORAGE_URL && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when STORAGE_URL is set",
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  if (production && e.PUSH_ALLOW_LOCAL_HTTP)
    throw new ConfigError("Invalid configuration: PUSH_ALLOW_LOCAL_HTTP is refused when NODE_ENV=production");
  if (Boolean(e.TELEGRAM_BOT_TOKEN) !== Boolean(e.TELEGRAM_BOT_NAME))
    throw new ConfigError("Invalid configuration: TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_NAME must be set together");
  const dataDir = path.resolve(e.DATA_DIR);
  const uploadsDir = path.resolve(e.UPLOADS_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    /** `sqlite` (the default, `file:…`) or `postgres` (`postgres://…`). */
    databaseEngine: isPostgresUrl(e.DATABASE_URL) ? ("postgres" as const) : ("sqlite" as const),
    databaseUrl: e.DATABASE_URL,
    /** The SQLite file; empty on PostgreSQL. */
    databasePath: isPostgresUrl(e.DATABASE_URL) ? "" : path.resolve(e.DATABASE_URL.slice("file:".length)),
    /** Local files: the stored files when STORAGE_URL is unset, and always the parts of a form being received. */
    uploadsDir,
    storage: storageConfig(e, uploadsDir),
    dataDir,
    mailDir: path.join(dataDir, "mail"),
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captcha: { provider: e.CAPTCHA_PROVIDER, siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY },
    ai: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""), apiKey: e.AI_API_KEY, model: e.AI_MODEL }
      : undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    trustProxyHops: e.TRUST_PROXY,
    demoSeed: e.DEMO_SEED ?? !production,
    serverTiming: e.SERVER_TIMING ?? !production,
    production,
    workers: e.WORKERS,
    databasePool: { poolSize: e.DATABASE_POOL_SIZE, statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    jobs: { checkEveryMs: e.JOBS_CHECK_SECONDS * 1000, leaseMs: e.JOBS_LEASE_SECONDS * 1000 },
    /** Each part is undefined when unset; the payout export names what is missing (app/services/payout-file.server.ts). */
    payoutDebtor: { name: e.PAYOUT_DEBTOR_NAME, iban: e.PAYOUT_DEBTOR_IBAN, bic: e.PAYOUT_DEBTOR_BIC },
    mailSendMs: e.MAIL_SEND_SECONDS * 1000,
    /** The keys are filled in from DATA_DIR by `config()` when the environment has none. */
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
      allowLocalHttp: e.PUSH_ALLOW_LOCAL_HTTP ?? false,
    },
    /** Undefined when the bot is not configured: the channel is then not offered. */
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_BOT_NAME
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            botName: e.TELEGRAM_BOT_NAME,
            webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
            apiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ""),
          }
        : undefined,
  };
}

function storageConfig(e: z.infer<typeof envSchema>, uploadsDir: string): StorageConfig {
  const match = e.STORAGE_URL ? S3_URL.exec(e.STORAGE_URL) : null;
  if (!match) return { kind: "local", dir: uploadsDir };
  return {
    kind: "s3",
    bucket: match[1]!,
    prefix: (match[2] ?? "").replace(/\/+$/, ""),
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

function loadConfig() {
  const parsed = parseConfig(process.env);
  refuseTestClock(parsed);
  return {
    ...parsed,
    sessionSecret: parsed.sessionSecret ?? devSecret(parsed.dataDir),
    push: { ...parsed.push, keys: parsed.push.keys ?? vapidKeysIn(parsed.dataDir) },
  };
}

/**
 * A test clock file left in a production data folder (a copied test folder, a restored backup of one)
 * is never read there, but it says the folder is not what the operator thinks: start-up refuses.
 */
function refuseTestClock({ production, dataDir }: { production: boolean; dataDir: string }) {
  const file = testClockFile(dataDir);
  if (production && existsSync(file))
    throw new ConfigError(
      `Invalid configuration: DATA_DIR holds a test clock (${file}), refused when NODE_ENV=production; remove the file`,
    );
}

/** Outside production a secret is generated once and kept in the data folder. */
function devSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Config | undefined;
/** The validated configuration; start-up fails on the first read if it is invalid. */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}
