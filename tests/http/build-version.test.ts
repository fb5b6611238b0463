import { beforeAll, describe, expect } from "bun:test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createUser, sessionCookieHeader } from "../factories";
import { preparePipeline, send, test } from "../pipeline-harness";

beforeAll(preparePipeline, 120_000);

/** The route manifests in the build's assets (its own, and the previous build's it keeps). */
function manifestFiles() {
  const assets = path.resolve(import.meta.dir, "../..", process.env.BUILD_DIR ?? "build", "client/assets");
  return readdirSync(assets).filter((name) => /^manifest-[^.]+\.js$/.test(name));
}

/** Every answer names the build that made it (docs/deploy.md): pages, router data, the API, files, errors. */
describe("X-Build", () => {
  test("is on every kind of answer, and is one of the build's manifests", async () => {
    const courier = await createUser({ status: "working_no_vehicle" });
    const cookie = await sessionCookieHeader(courier.id);
    const page = await send("/?lng=en");
    const build = page.headers.get("X-Build");
    expect(build).toMatch(/^[0-9a-f]{8}$/);
    expect(manifestFiles()).toContain(`manifest-${build}.js`);
    const html = await page.text();
    expect(html).toContain(`/assets/manifest-${build}.js`);
    const script = /\/assets\/entry\.client-[^"]+\.js/.exec(html)![0];
    for (const [target, options] of [
      ["/dashboard.data", { cookie }],
      ["/api/auth/me", {}],
      ["/api/health", {}],
      ["/no-such-page", {}],
      [script, {}],
      ["/auth/login", { sameOrigin: true, form: { email: "" } }],
    ] as const) {
      const res = await send(target, options);
      expect(res.headers.get("X-Build"), `${target} (${res.status})`).toBe(build);
    }
  });
});
