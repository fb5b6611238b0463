import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_FLAGS } from "./bench/chromium";

/**
 * One production build; one server per worker, each with its own port and data folder, so that workers
 * share no database, clock file (`test-clock.json`), rate-limit counters or mail folder. The config is
 * loaded again in every worker process, with TEST_PARALLEL_INDEX set there: the env set below makes
 * the worker's fixtures (which create users and sessions directly) use its own server's database.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.BUILD_DIR ?? "build";
const serverEnv = (index: number) => {
  const port = basePort + index;
  const dataDir = path.resolve(process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-${index}` : `data/e2e-${port}`);
  return {
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/app.db`,
    UPLOADS_DIR: `${dataDir}/uploads`,
    // Journeys move the server's clock through DATA_DIR/test-clock.json; without this the file is ignored.
    TEST_CLOCK: "1",
    // Ports a journey may take for servers of its own (crash, two instances), apart from other workers'.
    E2E_SPARE_PORT: String(basePort + 200 + 10 * index),
  };
};
const own = serverEnv(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
Object.assign(process.env, {
  ...own,
  HOST: "127.0.0.1",
  DEMO_SEED: "1",
  CAPTCHA_PROVIDER: process.env.E2E_CAPTCHA ?? "altcha",
  BUILD_DIR: buildDir,
  COURIER_QUIET_LOGS: "1",
  // The paying company's account for payout files (a valid test IBAN, as the demo uses).
  PAYOUT_DEBTOR_NAME: process.env.PAYOUT_DEBTOR_NAME ?? "Courier Fleet s.r.o.",
  PAYOUT_DEBTOR_IBAN: process.env.PAYOUT_DEBTOR_IBAN ?? "SK8975000000000012345671",
});

// Debian's headless shell is the same Blink without the browser around it: about 30 % less CPU per
// journey on two cores. The full browser is the fallback, and what the Lighthouse bench uses.
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.e2e.ts",
  workers,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // Two workers share two cores with their browsers and servers: a long journey takes twice its quiet time.
  timeout: 60_000,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  use: {
    baseURL: own.APP_URL,
    locale: "sk-SK",
    // No decorative animation (the home page's particles) drawing under every journey; the particles'
    // own test makes its contexts with and without it.
    reducedMotion: "reduce",
    // A trace (with its screencast) costs a third of the run's CPU, so it is recorded only on the retry of a failure.
    trace: "on-first-retry",
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], locale: "sk-SK" } }],
  // The build is made once before the servers start (scripts/test.ts, or here without E2E_SKIP_BUILD).
  webServer: Array.from({ length: workers }, (_, index) => {
    const env = serverEnv(index);
    const build = index === 0 && !process.env.E2E_SKIP_BUILD ? "bun run build && " : "";
    return {
      command: `rm -rf ${env.DATA_DIR} && ${build}bun server.ts`,
      url: `${env.APP_URL}/api/health`,
      env,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    };
  }),
});
