/**
 * Writes the installable site's icons (public/icons/) from public/favicon.svg: 192 and 512 px, and a
 * maskable 512 px whose drawing sits inside the safe circle (launchers crop it to their own shape).
 * Run after changing the favicon: `bun scripts/app-icons.ts`; the PNGs are committed.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dir, "..");
const svg = readFileSync(path.join(root, "public/favicon.svg"));
const out = path.join(root, "public/icons");
mkdirSync(out, { recursive: true });

for (const size of [192, 512])
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, `icon-${size}.png`));

// Maskable: the brand colour to the edges, the drawing at 70 % (the safe zone is the inner 80 % circle).
const inner = await sharp(svg, { density: (72 * 358) / 32 })
  .resize(358, 358)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#0f766e" } })
  .composite([{ input: inner, gravity: "center" }])
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(out, "maskable-512.png"));
