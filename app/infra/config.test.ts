import { describe, expect, test } from "bun:test";
import { ConfigError, parseConfig } from "./config.server";

const S3_KEYS = { S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };

describe("configuration", () => {
  test("defaults follow the README's configuration table", () => {
    const cfg = parseConfig({});
    expect(cfg.port).toBe(3000);
    expect(cfg.host).toBe("0.0.0.0");
    expect(cfg.appUrl).toBe("http://localhost:3000");
    expect(cfg.databasePath.endsWith("data/app.db")).toBe(true);
    expect(cfg.captcha.provider).toBe("altcha");
    expect(cfg.mailFrom).toBe("Courier Fleet <no-reply@localhost>");
    expect(cfg.trustProxyHops).toBe(0);
    expect(cfg.demoSeed).toBe(true);
  });

  test("TRUST_PROXY is a number of proxy hops", () => {
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(parseConfig({ TRUST_PROXY: "0" }).trustProxyHops).toBe(0);
  });

  test("STORAGE_URL unset keeps files in UPLOADS_DIR; s3://bucket/prefix names a bucket with the S3_* variables", () => {
    expect(parseConfig({ UPLOADS_DIR: "/srv/uploads" }).storage).toEqual({ kind: "local", dir: "/srv/uploads" });
    const s3 = parseConfig({
      STORAGE_URL: "s3://courier-files/prod/uploads/",
      S3_ENDPOINT: "https://s3.example.com/",
      S3_REGION: "eu-central-1",
      ...S3_KEYS,
    });
    expect(s3.storage).toEqual({
      kind: "s3",
      bucket: "courier-files",
      prefix: "prod/uploads",
      endpoint: "https://s3.example.com",
      region: "eu-central-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
    expect(parseConfig({ STORAGE_URL: "s3://courier-files", ...S3_KEYS }).storage).toMatchObject({
      prefix: "",
      region: "us-east-1",
      endpoint: undefined,
    });
  });

  test("DATABASE_URL names the engine: a file is SQLite, postgres:// is PostgreSQL", () => {
    expect(parseConfig({}).databaseEngine).toBe("sqlite");
    expect(parseConfig({ DATABASE_URL: "file:/tmp/x/app.db" }).databasePath).toBe("/tmp/x/app.db");
    const pg = parseConfig({ DATABASE_URL: "postgresql://fleet:secret@db.internal:5432/fleet" });
    expect(pg.databaseEngine).toBe("postgres");
    expect(pg.databaseUrl).toBe("postgresql://fleet:secret@db.internal:5432/fleet");
    expect(pg.databasePath).toBe("");
  });

  test("the payout debtor is optional, each part validated when set", () => {
    expect(parseConfig({}).payoutDebtor).toEqual({ name: undefined, iban: undefined, bic: undefined });
    const set = parseConfig({
      PAYOUT_DEBTOR_NAME: "Courier Fleet s.r.o.",
      PAYOUT_DEBTOR_IBAN: "sk31 1200 0000 1987 4263 7541",
      PAYOUT_DEBTOR_BIC: "tatrskbx",
    });
    expect(set.payoutDebtor).toEqual({
      name: "Courier Fleet s.r.o.",
      iban: "SK3112000000198742637541",
      bic: "TATRSKBX",
    });
    expect(() => parseConfig({ PAYOUT_DEBTOR_IBAN: "SK3112000000198742637542" })).toThrow(
      "PAYOUT_DEBTOR_IBAN must be a valid IBAN",
    );
    expect(() => parseConfig({ PAYOUT_DEBTOR_BIC: "TATR" })).toThrow("PAYOUT_DEBTOR_BIC must be a BIC");
    expect(() => parseConfig({ PAYOUT_DEBTOR_NAME: "Courier & Fleet" })).toThrow(
      "PAYOUT_DEBTOR_NAME must be written in SEPA's Latin characters",
    );
  });

  test("APP_URL follows PORT when unset", () => {
    expect(parseConfig({ PORT: "4100" }).appUrl).toBe("http://localhost:4100");
  });

  test.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ DATABASE_URL: "postgres://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "mysql://u@h/db" }, "DATABASE_URL"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "soon" }, "DATABASE_STATEMENT_TIMEOUT_MS"],
    [{ WORKERS: "0" }, "WORKERS"],
    [{ JOBS_LEASE_SECONDS: "-5" }, "JOBS_LEASE_SECONDS"],
    [{ CAPTCHA_PROVIDER: "hcaptcha" }, "CAPTCHA_PROVIDER"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY"],
    [{ CAPTCHA_PROVIDER: "recaptcha" }, "RECAPTCHA_SITE_KEY"],
    [{ ADMIN_EMAIL: "a@b.sk" }, "ADMIN_PASSWORD"],
    [{ STORAGE_URL: "https://bucket.example.com/x", ...S3_KEYS }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://Bad_Bucket", ...S3_KEYS }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://bucket/../uploads", ...S3_KEYS }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://bucket/a//b", ...S3_KEYS }, "STORAGE_URL"],
    [{ STORAGE_URL: "s3://bucket/uploads" }, "S3_ACCESS_KEY_ID"],
    [{ STORAGE_URL: "s3://bucket/uploads", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY"],
    [{ STORAGE_URL: "s3://bucket/uploads", S3_ENDPOINT: "minio:9000", ...S3_KEYS }, "S3_ENDPOINT"],
    [{ STORAGE_URL: "s3://bucket/uploads", S3_REGION: "EU West", ...S3_KEYS }, "S3_REGION"],
  ])("a bad value stops start-up with one line naming the variable: %p", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message.includes("\n")).toBe(false);
    }
  });

  test("production refuses to start without SMTP_URL (mail would be written to disk, live links included)", () => {
    const production = { SESSION_SECRET: "s".repeat(40) };
    expect(() => parseConfig(production, true)).toThrow(
      "Invalid configuration: SMTP_URL is required when NODE_ENV=production",
    );
    expect(parseConfig({ ...production, SMTP_URL: "smtp://mail.internal:587" }, true).production).toBe(true);
    // Outside production the mail folder stays the development mailbox.
    expect(parseConfig(production, false).smtpUrl).toBeUndefined();
  });

  test("the test clock is a test's choice (TEST_CLOCK=1) and refused in production", () => {
    const production = { SESSION_SECRET: "s".repeat(40), SMTP_URL: "smtp://mail.internal:587", TEST_CLOCK: "1" };
    expect(() => parseConfig(production, true)).toThrow(
      "Invalid configuration: TEST_CLOCK=1 is refused when NODE_ENV=production",
    );
    expect(() => parseConfig({ TEST_CLOCK: "yes" }, false)).toThrow("TEST_CLOCK");
    expect(() => parseConfig({ TEST_CLOCK: "1" }, false)).not.toThrow();
  });
});
