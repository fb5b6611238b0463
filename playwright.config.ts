import { defineConfig, devices } from "@playwright/test";
import path from "node:path";

/**
 * One production build, one server, its own data folder. The env is set here so that the server
 * and the test process (fixtures that create users and sessions directly) use the same database.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? `data/e2e-${port}`);
const buildDir = process.env.BUILD_DIR ?? "build";
Object.assign(process.env, {
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${dataDir}/app.db`,
  UPLOADS_DIR: `${dataDir}/uploads`,
  DEMO_SEED: "1",
  CAPTCHA_PROVIDER: process.env.E2E_CAPTCHA ?? "altcha",
  BUILD_DIR: buildDir,
  COURIER_QUIET_LOGS: "1",
  // The paying company's account for payout files (a valid test IBAN, as the demo uses).
  PAYOUT_DEBTOR_NAME: process.env.PAYOUT_DEBTOR_NAME ?? "Courier Fleet s.r.o.",
  PAYOUT_DEBTOR_IBAN: process.env.PAYOUT_DEBTOR_IBAN ?? "SK8975000000000012345671",
});

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "sk-SK",
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], locale: "sk-SK" } }],
  webServer: {
    command: `rm -rf ${dataDir} && ${process.env.E2E_SKIP_BUILD ? "" : "bun run build && "}bun server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
