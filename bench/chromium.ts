/**
 * The Chromium switches every browser run of ours uses (Playwright's journeys and the Lighthouse benches):
 * no sandbox in the container, no GPU, and nothing the browser would fetch on its own (QUIC probes,
 * component updates, sync) to disturb a measurement.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's full Chromium, headless, for Lighthouse (which needs the whole browser, not the headless shell). */
export async function launchLighthouseChrome() {
  const chromeLauncher = await import("chrome-launcher");
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
}
