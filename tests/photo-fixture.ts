/**
 * Camera-sized test photos: 4000 × 3000 px of noise at JPEG quality 95, made once. `sigma` sets how
 * much noise and so the size: 80 gives about 12 MB, 40 about 10.2 MB (just under the 10 MiB limit).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

export async function cameraPhoto(sigma = 80, dir = "test-results") {
  const file = path.resolve(dir, `camera-photo-4000x3000-${sigma}.jpg`);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const create = {
      width: 4000,
      height: 3000,
      channels: 3 as const,
      background: "#808080",
      noise: { type: "gaussian" as const, mean: 128, sigma },
    };
    writeFileSync(file, await sharp({ create }).jpeg({ quality: 95 }).toBuffer());
  }
  return { path: file, bytes: readFileSync(file) };
}
