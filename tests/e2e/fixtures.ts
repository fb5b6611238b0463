import { test as base, expect, type Page } from "@playwright/test";
import { rateLimits } from "~db/schema";
import type { UserStatus } from "~/domain/status";
import { writerForTests } from "~/infra/db.server";
import { createUser, sessionCookieHeader } from "../factories";
import { numberWordIndex, normalizeNumberWords } from "~/domain/number-words";
import enAuth from "../../locales/en/auth.json";
import skAuth from "../../locales/sk/auth.json";
import uaAuth from "../../locales/ua/auth.json";

type LoginOptions = {
  role?: "user" | "admin";
  status?: UserStatus;
  language?: "sk" | "ua" | "en";
  secondFactorPending?: boolean;
};

/** Creates a user and logs the browser in by planting a session cookie (no form round trip). */
export async function loginAs(page: Page, options: LoginOptions = {}) {
  const user = await createUser({ role: options.role, status: options.status, language: options.language });
  const header = await sessionCookieHeader(user.id, { secondFactorPending: options.secondFactorPending });
  const [name, value] = header.split(/=(.*)/s) as [string, string];
  const url = new URL(process.env.APP_URL!);
  await page.context().addCookies([{ name, value, domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  return user;
}

/**
 * Waits until React has hydrated the page (the root layout marks `<html data-hydrated>`), so that a
 * click reaches a handler and not the bare server HTML. `page.goto` alone resolves before that.
 */
export async function waitForHydration(page: Page) {
  // The anonymous home page hydrates on the visitor's first move (app/infra/deferred-hydration.server.ts).
  await page.evaluate(() => window.dispatchEvent(new Event("pointermove")));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Parts loaded lazily (the application form) hydrate after the page once their chunk arrives.
  await expect(page.locator("[data-lazy]:not([data-hydrated])")).toHaveCount(0, { timeout: 30_000 });
}

/** The page's scripts arrive `ms` late, as on a slow network: what is done meanwhile happens before hydration. */
export async function delayScripts(page: Page, ms = 1_500) {
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Fails the test on any console error or uncaught page error, and starts every test with no rate-limit
 * counts: all its browsers come from 127.0.0.1, as every earlier test's did, and ten log-ins a minute
 * from one address are refused (RATE_LIMITS.loginIp), which a fast run reaches. Each worker has a
 * server and database of its own and runs one test at a time, so clearing them disturbs no other test.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp[]; freshRateLimits: void }>({
  freshRateLimits: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      await writerForTests().delete(rateLimits);
      await use();
    },
    { auto: true },
  ],
  /** Messages a test expects, e.g. the browser's note about a page answered with 404. */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !allowedConsoleErrors.some((pattern) => pattern.test(text)))
          // The address says which resource failed: the browser's text for a 404 does not.
          errors.push(message.location().url ? `${text} (${message.location().url})` : text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Asserts nothing overflows horizontally (docs/security.md, 360 px). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Where journeys put their screenshots: `E2E_SHOTS` (e.g. a folder under /tmp), else test-results/screens. */
export function shotPath(name: string) {
  return `${process.env.E2E_SHOTS ?? "test-results/screens"}/${name}.png`;
}

const numberWords = numberWordIndex(
  [enAuth, skAuth, uaAuth].map((auth) => ({ numbers: auth.numbers, tens: auth.tens, compound: auth.captcha.compound })),
);

/** The answer to the no-JS question ("… koľko je štyridsaťsedem plus päť?") as a person works it out. */
export function solveFallbackQuestion(text: string) {
  const match = /(?:je|is|буде) (.+) (?:plus|плюс) (.+)\?/.exec(text);
  expect(match, `a question in ${text}`).toBeTruthy();
  const [a, b] = [numberWords.get(normalizeNumberWords(match![1]!)), numberWords.get(normalizeNumberWords(match![2]!))];
  expect(a && b, `number words in ${text}`).toBeTruthy();
  return a! + b!;
}
