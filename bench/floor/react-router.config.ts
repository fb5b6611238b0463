import type { Config } from "@react-router/dev/config";

// The framework's floor for bench/throughput.ts: one page, no middleware, no database.
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: process.env.FLOOR_BUILD_DIR ?? "../../build-floor",
} satisfies Config;
