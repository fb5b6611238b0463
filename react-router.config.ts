import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let parallel test runs build without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The whole route table ships with the page: on a dropped connection a form whose route was not yet
  // discovered would otherwise fail before its clientAction could keep the input (issue 11).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
