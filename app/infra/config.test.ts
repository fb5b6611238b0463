import { describe, expect, test } from "bun:test";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  test("defaults follow CONTRACT §2", () => {
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

  test("DATABASE_URL names the engine: a file is SQLite, postgres:// is PostgreSQL", () => {
    expect(parseConfig({}).databaseEngine).toBe("sqlite");
    expect(parseConfig({ DATABASE_URL: "file:/tmp/x/app.db" }).databasePath).toBe("/tmp/x/app.db");
    const pg = parseConfig({ DATABASE_URL: "postgresql://fleet:secret@db.internal:5432/fleet" });
    expect(pg.databaseEngine).toBe("postgres");
    expect(pg.databaseUrl).toBe("postgresql://fleet:secret@db.internal:5432/fleet");
    expect(pg.databasePath).toBe("");
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
    [{ CAPTCHA_PROVIDER: "hcaptcha" }, "CAPTCHA_PROVIDER"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY"],
    [{ CAPTCHA_PROVIDER: "recaptcha" }, "RECAPTCHA_SITE_KEY"],
    [{ ADMIN_EMAIL: "a@b.sk" }, "ADMIN_PASSWORD"],
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
});
