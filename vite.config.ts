import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  ssr: { external: ["sharp", "nodemailer", "smtp-server"] },
  // `bench/js-packages.ts` builds with source maps to tell whose code a page loads.
  build: { assetsInlineLimit: 0, sourcemap: process.env.SOURCEMAP === "1" },
});
