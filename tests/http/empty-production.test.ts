import { beforeAll, describe, expect } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpServer } from "../mail-capture";
import { ensureBuild, test as pipelineTest } from "../pipeline-harness";

/**
 * A production start on an empty database (no demo seed): the operator's company is not yet stated,
 * so no page and no e-mail may show the demo company's name, numbers, address or contacts. Run on
 * SQLite only: the process, not the engine, is under test.
 */
beforeAll(ensureBuild, 120_000);

const test = (name: string, fn: () => Promise<void>) => pipelineTest(name, fn, 60_000);
const root = path.resolve(import.meta.dirname, "../..");

/** What the demo seed states (CONTRACT §8), in every spelling it is shown in. */
const DEMO_COMPANY = [
  "Courier Fleet s.r.o.",
  "Mlynské nivy",
  "821 09",
  "55 123 45",
  "5512345",
  "SK2121234567",
  "Bratislava III",
  "info@courierfleet.sk",
  "1234 5678",
  "212345678",
  "SK8975000000000012345671",
];

function demoFactsIn(text: string) {
  return DEMO_COMPANY.filter((fact) => text.includes(fact));
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

describe.skipIf(Boolean(process.env.TEST_POSTGRES_URL))("a production start on an empty database", () => {
  test("shows no demo company on the pages or in the e-mails", async () => {
    const port = 3397;
    const smtp = await startSmtpServer();
    const dir = mkdtempSync(path.join(tmpdir(), "courier-empty-"));
    const {
      NODE_ENV: _n,
      COURIER_OPERATOR_NODE_ENV: _o,
      STORAGE_URL: _s,
      S3_ENDPOINT: _e,
      DEMO_SEED: _d,
      // The tests' own clock; a production start refuses it.
      TEST_CLOCK: _t,
      ...env
    } = process.env;
    for (const name of ["PAYOUT_DEBTOR_NAME", "PAYOUT_DEBTOR_IBAN", "PAYOUT_DEBTOR_BIC"]) delete env[name];
    const proc = Bun.spawn(["bun", "server.ts"], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dir,
        DATABASE_URL: `file:${dir}/app.db`,
        UPLOADS_DIR: `${dir}/uploads`,
        SESSION_SECRET: "p".repeat(40),
        SMTP_URL: smtp.url,
        CAPTCHA_PROVIDER: "altcha",
        ADMIN_EMAIL: "owner@example.com",
        ADMIN_PASSWORD: "Owner-Password-2026!",
        COURIER_QUIET_LOGS: "1",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      await waitForHealth(port);
      for (const page of ["/?lng=sk", "/?lng=ua", "/?lng=en", "/no-such-page", "/dashboard/pay"]) {
        const html = await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
        expect({ page, facts: demoFactsIn(html) }).toEqual({ page, facts: [] });
      }
      const home = await (await fetch(`http://127.0.0.1:${port}/?lng=en`)).text();
      expect(home).toContain('data-testid="site-footer"');
      expect(home).not.toContain("mailto:");
      expect(home).not.toContain("tel:");
      // An e-mail: the admin's password reset.
      const reset = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ email: "owner@example.com" }),
      });
      expect(reset.status).toBeLessThan(300);
      const mail = await smtp.next("owner@example.com");
      expect(mail.subject).toBeTruthy();
      expect(demoFactsIn(mail.raw)).toEqual([]);
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
      await smtp.stop();
    }
  });
});
