import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { MAX_REQUEST_BODY_BYTES } from "~/services/pipeline.server";

/** deploy/ (docs/deploy.md): what the files promise matches what the server does. */
const file = (name: string) => readFileSync(path.resolve(import.meta.dir, "../deploy", name), "utf8");

describe("deployment files", () => {
  test("Caddy's body limit is the server's outer limit, so the server answers every refusal itself", () => {
    const size = /request_body\s*\{\s*max_size\s+(\d+)MiB\s*\}/.exec(file("Caddyfile"));
    expect(size, "deploy/Caddyfile has request_body { max_size <N>MiB }").not.toBeNull();
    expect(Number(size![1]) * 1024 * 1024).toBe(MAX_REQUEST_BODY_BYTES);
  });

  test("the service and the backup run as the same user on the same configuration", () => {
    const server = file("courier-fleet.service");
    const backup = file("courier-fleet-backup.service");
    for (const line of [
      "User=courier",
      "EnvironmentFile=/etc/courier-fleet/env",
      "WorkingDirectory=/srv/courier-fleet/current",
    ]) {
      expect(server).toContain(line);
      expect(backup).toContain(line);
    }
    expect(backup).toContain("bun run db:backup");
    expect(file("courier-fleet-backup.timer")).toMatch(/OnCalendar=.+\nRandomizedDelaySec=.+\nPersistent=true/);
  });

  test("the example configuration is a production one behind one proxy", () => {
    const env = Object.fromEntries(
      file("env.example")
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split(/=(.*)/s) as [string, string]),
    );
    expect(env.NODE_ENV).toBe("production");
    expect(env.TRUST_PROXY).toBe("1");
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.APP_URL).toStartWith("https://");
  });
});
