/**
 * A deploy loses nothing (docs/deploy.md): a page opened on build N is used after build N+1 replaced it.
 * N+1 is this checkout copied with one change a release could make: the registration form moved from
 * /auth/register to /auth/sign-up (so its chunks are renamed and the old address is listed in
 * app/domain/moved-routes.ts). The server is restarted on the same port and data with N+1; the page of
 * N then registers, with and without JavaScript, and the server has every value it sent.
 */
import { Database } from "bun:sqlite";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, waitForHydration } from "./fixtures";
import { startSpareServer, waitForHealth } from "./spare-server";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const PORT = Number(process.env.E2E_SPARE_PORT ?? 3300) + 8;
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, "../..");
const buildN = path.resolve(root, process.env.BUILD_DIR ?? "build");
const password = "Nasadenie-Bez-Strat-7!";
let next: string;

/** N+1: the checkout with the registration form moved, built beside N and keeping N's assets. */
test.beforeAll(async () => {
  next = mkdtempSync(path.join(tmpdir(), "courier-next-"));
  for (const entry of ["app", "db", "locales", "public", "scripts", "server.ts", "package.json", "tsconfig.json"])
    cpSync(path.join(root, entry), path.join(next, entry), { recursive: true });
  for (const entry of ["react-router.config.ts", "vite.config.ts"])
    cpSync(path.join(root, entry), path.join(next, entry));
  symlinkSync(path.join(root, "node_modules"), path.join(next, "node_modules"));
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(path.join(next, file), "utf8");
    expect(text, file).toContain(from);
    writeFileSync(path.join(next, file), text.replaceAll(from, to));
  };
  edit(
    "app/routes.ts",
    'route("register", "routes/auth/register.tsx")',
    'route("sign-up", "routes/auth/register.tsx")',
  );
  edit("app/components/auth/register-form.tsx", '"/auth/register"', '"/auth/sign-up"');
  edit("app/domain/moved-routes.ts", "= {};", '= { "/auth/register": "/auth/sign-up" };');
  const build = Bun.spawn(["bun", "scripts/build.ts"], {
    cwd: next,
    env: { ...process.env, BUILD_DIR: path.join(next, "build"), PREVIOUS_BUILD_DIR: buildN },
    stdout: "ignore",
    stderr: "pipe",
  });
  expect(await build.exited, await new Response(build.stderr).text()).toBe(0);
});

test.afterAll(() => rmSync(next, { recursive: true, force: true }));

function startServer(cwd: string, buildDir: string, dataDir: string) {
  return startSpareServer({ port: PORT, dataDir, cwd, env: { BUILD_DIR: buildDir } });
}

/** Build N serves until `deploy()` stops it and starts N+1 on the same port and data. */
async function servers() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "courier-deploy-"));
  let server = startServer(root, buildN, dataDir);
  await waitForHealth(PORT, server);
  return {
    dataDir,
    async deploy() {
      server.kill("SIGTERM");
      await server.exited;
      server = startServer(next, path.join(next, "build"), dataDir);
      await waitForHealth(PORT, server);
    },
    async stop() {
      server.kill("SIGTERM");
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the server stored of a registration: the account, its language, its password, the texts shown. */
function registered(dataDir: string, email: string) {
  const db = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    const user = db
      .query<{ id: number; language: string; password_hash: string }, [string]>(
        "select id, language, password_hash from users where email = ?",
      )
      .get(email);
    if (!user) return null;
    const shown = db
      .query<{ kind: string }, [number]>("select kind from legal_consents where user_id = ? order by kind")
      .all(user.id)
      .map((row) => row.kind);
    return { language: user.language, passwordKept: Bun.password.verifySync(password, user.password_hash), shown };
  } finally {
    db.close();
  }
}

/** The build the server names on every answer. */
const servedBuild = async () => (await fetch(`${BASE}/api/health`)).headers.get("X-Build");

test("with JavaScript: a page of build N registers through N+1, then its next page is N+1", async ({ page }) => {
  const run = await servers();
  try {
    await page.goto(`${BASE}/?lng=en`);
    await waitForHydration(page);
    const n = await servedBuild();
    expect(await page.evaluate(() => window.__reactRouterManifest?.version)).toBe(n!);

    await run.deploy();
    const n1 = await servedBuild();
    expect(n1).not.toBe(n);
    // The dialog's chunks are N's, loaded only now: the new server still has them.
    await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
    const dialog = page.getByRole("dialog");
    const email = `deploy-js-${Date.now().toString(36)}@example.com`;
    await dialog.locator("input[name=email]").fill(email);
    await dialog.locator("input[name=password]").fill(password);
    await dialog.getByRole("button", { name: "Register" }).click();
    await expect(dialog.getByText("Check your e-mail")).toBeVisible({ timeout: 15_000 });
    expect(registered(run.dataDir, email)).toEqual({ language: "en", passwordKept: true, shown: ["privacy", "terms"] });

    // The next navigation to another page leaves build N: a full load of N+1 instead of N's router.
    await page.evaluate(() => {
      (window as { keptFromN?: boolean }).keptFromN = true;
      void window.__reactRouterDataRouter!.navigate("/privacy");
    });
    await expect(page).toHaveURL(/\/privacy$/);
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { keptFromN?: boolean }).keptFromN)).toBeUndefined();
    expect(await page.evaluate(() => window.__reactRouterManifest?.version)).toBe(n1!);
  } finally {
    await run.stop();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a form of build N posts to the moved address and the server gets every value", async ({ page }) => {
    const run = await servers();
    try {
      await page.goto(`${BASE}/?auth=register&lng=en`);
      await run.deploy();
      const email = `deploy-nojs-${Date.now().toString(36)}@example.com`;
      await page.locator("input[name=email]").fill(email);
      await page.locator("input[name=password]").fill(password);
      await page.getByRole("button", { name: "Register" }).last().click();
      await expect(page.getByText("Check your e-mail")).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/sign-up/);
      expect(registered(run.dataDir, email)).toEqual({
        language: "en",
        passwordKept: true,
        shown: ["privacy", "terms"],
      });
    } finally {
      await run.stop();
    }
  });
});

declare global {
  interface Window {
    __reactRouterManifest?: { version: string };
    __reactRouterDataRouter?: { navigate(to: string): Promise<void> };
  }
}
