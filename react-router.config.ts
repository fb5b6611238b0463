import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let parallel test runs build without overwriting each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
