/** Real media files for upload tests: images made with sharp (with EXIF GPS), tiny committed videos. */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const dir = path.resolve(import.meta.dirname, "fixtures");

/** A JPEG with EXIF GPS coordinates and orientation 6 (rotated), `width`×`height` as stored. */
export async function jpegWithGps(width = 64, height = 48) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Courier" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 8/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "17/1 6/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return new Uint8Array(buffer);
}

export async function png(width = 40, height = 40) {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
}

export function mp4() {
  return new Uint8Array(readFileSync(path.join(dir, "tiny.mp4")));
}

export function webm() {
  return new Uint8Array(readFileSync(path.join(dir, "tiny.webm")));
}

/** A text file that pretends to be a photo. */
export function fakeJpeg() {
  return new TextEncoder().encode("this is not an image, only named like one\n".repeat(4));
}

export const fixturePath = (name: string) => path.join(dir, name);
